import type { ReactNode } from "react";

// Each page names itself ("API keys"); the template adds the product: "API keys · Tolk".
export const metadata = {
  title: { default: "Tolk", template: "%s · Tolk" },
  description: "Self-hostable machine translation",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", margin: 0 }}>{children}</body>
    </html>
  );
}

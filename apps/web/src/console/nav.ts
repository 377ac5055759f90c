/** The console's pages in menu order. `admin` pages are hidden from members (the server refuses them anyway). */
export const consolePages: { href: string; label: string; admin?: boolean; soon?: boolean }[] = [
  { href: "/dashboard", label: "Dashboard" },
  { href: "/translate", label: "Translate" },
  { href: "/usage", label: "Usage" },
  { href: "/documents", label: "Documents", soon: true },
  { href: "/glossaries", label: "Glossaries", soon: true },
  { href: "/memories", label: "Translation memories", soon: true },
  { href: "/brand-voices", label: "Brand voices", soon: true },
  { href: "/keys", label: "API keys", admin: true },
  { href: "/members", label: "Members", admin: true },
  { href: "/settings", label: "Settings", admin: true },
];

/** The console's pages in menu order. `admin` pages are hidden from members (the server refuses them anyway). */
export const consolePages: { href: string; label: string; admin?: boolean }[] = [
  { href: "/dashboard", label: "Dashboard" },
  { href: "/translate", label: "Translate" },
  { href: "/usage", label: "Usage" },
  { href: "/documents", label: "Documents" },
  { href: "/glossaries", label: "Glossaries" },
  { href: "/memories", label: "Translation memories" },
  { href: "/brand-voices", label: "Brand voices" },
  { href: "/keys", label: "API keys", admin: true },
  { href: "/members", label: "Members", admin: true },
  { href: "/settings", label: "Settings", admin: true },
  { href: "/requests", label: "Requests", admin: true },
  { href: "/audit", label: "Audit log", admin: true },
];

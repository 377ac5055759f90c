import { ComingSoon } from "@/console/pages/coming-soon";

export default function Page() {
  return <ComingSoon title="Glossaries" what="Glossary lists, editing, import and export" />;
}

import { ComingSoon } from "@/console/pages/coming-soon";

export default function Page() {
  return <ComingSoon title="Translation memories" what="Translation memories, their units, TMX import and export" />;
}

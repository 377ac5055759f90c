import { ComingSoon } from "@/console/pages/coming-soon";

export default function Page() {
  return <ComingSoon title="Documents" what="Document upload, live progress and downloads" />;
}

import { ComingSoon } from "@/console/pages/coming-soon";

export default function Page() {
  return <ComingSoon title="Brand voices" what="Brand-voice profiles and their rules" />;
}

import "@/console/console.css";
import { AcceptInvitation } from "@/console/pages/accept-invitation";
import { ConsoleProviders } from "@/console/trpc";

export const metadata = { title: "Invitation" };

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <ConsoleProviders>
      <main className="auth-page">
        <AcceptInvitation token={token} />
      </main>
    </ConsoleProviders>
  );
}

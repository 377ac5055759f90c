import { redirect } from "next/navigation";
import { type ReactNode } from "react";

import "@/console/console.css";
import { Shell } from "@/console/shell";
import { ConsoleProviders } from "@/console/trpc";
import { currentUserId } from "@/server/auth/config";

import { signOutEverywhere } from "./actions";

export const dynamic = "force-dynamic";

/** Every console page needs a session; the procedures behind them check it again, with the role. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  if (!(await currentUserId())) redirect("/sign-in");
  return (
    <ConsoleProviders>
      <Shell signOut={signOutEverywhere}>{children}</Shell>
    </ConsoleProviders>
  );
}

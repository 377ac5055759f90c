import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { type ReactNode } from "react";

import "@/console/console.css";
import { Shell } from "@/console/shell";
import { REQUESTED_PATH_HEADER, signInReturningTo } from "@/console/return-path";
import { ConsoleProviders } from "@/console/trpc";
import { currentUserId } from "@/server/auth/config";

import { signOutEverywhere } from "./actions";

export const dynamic = "force-dynamic";

/** Every console page needs a session; the procedures behind them check it again, with the role. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  // A deep link survives signing in: the sign-in page returns to it.
  if (!(await currentUserId())) redirect(signInReturningTo((await headers()).get(REQUESTED_PATH_HEADER)));
  return (
    <ConsoleProviders>
      <Shell signOut={signOutEverywhere}>{children}</Shell>
    </ConsoleProviders>
  );
}

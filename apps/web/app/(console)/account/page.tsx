import AccountPage from "@/console/pages/account";

import { changePassword, signOutEverywhere } from "../actions";

export const metadata = { title: "Account" };

export default async function Account({ searchParams }: { searchParams: Promise<{ password?: string }> }) {
  const changed = (await searchParams).password === "changed";
  return (
    <AccountPage changePassword={changePassword} signOutEverywhere={signOutEverywhere} passwordChanged={changed} />
  );
}

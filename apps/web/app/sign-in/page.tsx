import { redirect } from "next/navigation";

import "@/console/console.css";
import { currentUserId, externalProviders } from "@/server/auth/config";

import { signInWithProvider } from "./actions";
import { SignInForm } from "./sign-in-form";

export const dynamic = "force-dynamic";
export const metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ email?: string; error?: string }> }) {
  if (await currentUserId()) redirect("/dashboard");
  const params = await searchParams;
  const providers = await externalProviders();
  return (
    <main className="auth-page">
      <h1>Sign in to Tolk</h1>
      {params.error && (
        <p role="alert" className="alert error">
          {params.error === "AccessDenied"
            ? "This account is not known here. Ask an admin of your organization for an invitation."
            : "Sign-in failed. Try again."}
        </p>
      )}
      <SignInForm email={params.email ?? ""} />
      {providers.map((p) => (
        <form key={p.id} action={signInWithProvider} className="card">
          <input type="hidden" name="provider" value={p.id} />
          <button type="submit">Sign in with {p.name}</button>
        </form>
      ))}
    </main>
  );
}

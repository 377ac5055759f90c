import { redirect } from "next/navigation";

import "@/console/console.css";
import { safeReturnPath } from "@/console/return-path";
import { currentUserId, externalProviders } from "@/server/auth/config";

import { signInWithProvider } from "./actions";
import { SignInForm } from "./sign-in-form";

export const dynamic = "force-dynamic";
export const metadata = { title: "Sign in" };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ email?: string; error?: string; next?: string }>;
}) {
  const params = await searchParams;
  const next = safeReturnPath(params.next) ?? "/dashboard";
  if (await currentUserId()) redirect(next);
  const providers = await externalProviders();
  return (
    <main className="auth-page">
      <h1>Sign in to Tolk</h1>
      <p className="lead">
        Machine translation for your organization: text, app strings and documents, through an API and this console.
      </p>
      {params.error && (
        <p role="alert" className="alert error">
          {params.error === "AccessDenied"
            ? "This account is not known here. Ask an admin of your organization for an invitation."
            : "Sign-in failed. Try again."}
        </p>
      )}
      <SignInForm email={params.email ?? ""} next={next} />
      {providers.map((p) => (
        <form key={p.id} action={signInWithProvider} className="card">
          <input type="hidden" name="provider" value={p.id} />
          <input type="hidden" name="next" value={next} />
          <button type="submit">Sign in with {p.name}</button>
        </form>
      ))}
    </main>
  );
}

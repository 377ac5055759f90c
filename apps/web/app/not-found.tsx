import Link from "next/link";

import "@/console/console.css";

export const metadata = { title: "Page not found" };

/** Any unknown address: say so and offer the ways back. */
export default function NotFound() {
  return (
    <main className="auth-page">
      <h1>Page not found</h1>
      <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
      <p className="row">
        <Link href="/dashboard" className="button primary">
          Go to the dashboard
        </Link>
        <a href="/docs" className="button">
          API docs
        </a>
      </p>
    </main>
  );
}

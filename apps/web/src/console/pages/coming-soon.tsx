import { Empty } from "../ui";

/** The empty state of a page whose feature arrives with its own issue. */
export function ComingSoon({ title, what }: { title: string; what: string }) {
  return (
    <>
      <h1>{title}</h1>
      <div className="card">
        <Empty>
          <p>
            <strong>{title} are not available yet.</strong>
          </p>
          <p>{what} arrive with their own issue; this page fills in when it lands.</p>
        </Empty>
      </div>
    </>
  );
}

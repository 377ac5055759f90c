import { operations } from "@tolk/contract";
import { contentDisposition, downloadDocument } from "@tolk/domain";

import { servePresigned, v1Route } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  // The pre-signed link works without credentials; without a signature the use case asks for them.
  servePresigned(operations.downloadDocument, async ({ app, principal, path, query }) => {
    const { expires, signature } = query();
    const answer = await downloadDocument(app.domain, app.documents, {
      jobId: path.job_id,
      orgId: principal?.org.id ?? null,
      expires: expires ?? null,
      signature: signature ?? null,
    });
    const headers = new Headers({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });
    if (answer.kind === "redirect") {
      headers.set("Location", answer.url);
      return { raw: new Response(null, { status: 302, headers }) };
    }
    headers.set("Content-Type", answer.contentType);
    headers.set("Content-Disposition", contentDisposition(answer.filename));
    headers.set("Content-Length", String(answer.body.byteLength));
    headers.set("X-Content-Type-Options", "nosniff");
    // The stored bytes as they are: Buffer.from(Uint8Array) would copy the whole result first.
    return { raw: new Response(answer.body as Uint8Array<ArrayBuffer>, { status: 200, headers }) };
  }),
);

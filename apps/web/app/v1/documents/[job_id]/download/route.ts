import { type Principal, contentDisposition, downloadDocument } from "@tolk/domain";

import { v1Route } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route({
  GET: {
    scopes: ["translate", "read"],
    // The pre-signed link works without credentials; without a signature the use case asks for them.
    public: true,
    presigned: true,
    handler: async ({ app, principal, params, url }) => {
      const caller = principal as Principal | null;
      const answer = await downloadDocument(app.domain, app.documents, {
        jobId: String(params.job_id),
        orgId: caller?.org.id ?? null,
        expires: url.searchParams.get("expires"),
        signature: url.searchParams.get("signature"),
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
    },
  },
});

import { type Agent, request as httpRequest } from "node:http";

/** POSTs a JSON body with `Authorization: auth` on a keep-alive agent; resolves to the status once the reply is read. */
export function postStatus(agent: Agent, url: string, auth: string, body: string): Promise<number> {
  return new Promise((res, rej) => {
    const req = httpRequest(
      url,
      { method: "POST", agent, headers: { authorization: auth, "content-type": "application/json" } },
      (r) => {
        r.resume();
        r.on("end", () => res(r.statusCode ?? 0));
      },
    );
    req.on("error", rej);
    req.end(body);
  });
}

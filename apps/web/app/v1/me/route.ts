import { operations } from "@tolk/contract";
import { getIdentity } from "@tolk/domain";

import { v1Route, serve } from "@/server/v1/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(
  serve(operations.getMe, async ({ principal }) => ({ data: getIdentity(principal) })),
);

import type { Route } from "./+types/healthz";
import { services } from "#app/server/core/services.server";

/** Liveness and database reachability, for load balancers and uptime checks. */
export async function loader(_: Route.LoaderArgs) {
  const { database } = services();
  try {
    const state = await Promise.race([
      database.ping(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("database did not answer within 2 seconds")), 2000)),
    ]);
    return Response.json({ status: "ok", database: state }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return Response.json({ status: "error", database: "down", error: (error as Error).message }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}

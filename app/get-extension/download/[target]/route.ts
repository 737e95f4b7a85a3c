// GET /get-extension/download/{chrome|firefox} – the built extension as a zip (for loading unpacked)
import type { ErrorCode } from "@/lib/schemas/error-code";
import { extensionBuildZip, EXTENSION_TARGETS, hasExtensionBuild, isExtensionTarget } from "../../_lib/extension-builds";

export const dynamic = "force-dynamic";

export async function GET(_req: Request, { params }: { params: Promise<{ target: string }> }) {
  const { target } = await params;
  if (!isExtensionTarget(target)) return Response.json({ detail: "Unknown browser.", code: "not_found" satisfies ErrorCode }, { status: 404 });
  // `npm start` builds both before it serves; a server without one was deployed without it (or its build failed, as its log says).
  if (!hasExtensionBuild(target)) {
    return Response.json({ detail: `This server has no ${EXTENSION_TARGETS[target].label} download of the extension.`, code: "not_found" satisfies ErrorCode }, { status: 404 });
  }
  const zip = extensionBuildZip(target);
  return new Response(zip, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${EXTENSION_TARGETS[target].file}"`,
      "Content-Length": String(zip.length),
      "Cache-Control": "no-store",
    },
  });
}

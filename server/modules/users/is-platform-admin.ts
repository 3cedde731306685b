// The platform operator (users.platform_admin, granted with `fleet user grant-platform-admin`): sees every unknown
// device with its address and may provision any of them. No dashboard action grants it.
import { db } from "../../db/client";

export async function isPlatformAdmin(userId: number): Promise<boolean> {
  const user = await db().user.findUnique({ where: { id: userId }, select: { platformAdmin: true } });
  return user?.platformAdmin ?? false;
}

// GET .../control/capabilities: the capabilities object of an asset now.
import { controlCapabilities, type ControlCapabilities } from "./control-capabilities";
import { loadControlContext } from "./load-control-context";

export async function getControlCapabilities(input: { accountId: number; assetId: number }): Promise<ControlCapabilities> {
  return controlCapabilities((await loadControlContext(input)).facts);
}

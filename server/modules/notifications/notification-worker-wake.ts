// Lets the alert path wake this node's notification worker right after queueing (instead of at its next poll)
// without importing the worker (and the mailer, the SMS provider, the webhook dispatcher) into the evaluator.
const store = globalThis as typeof globalThis & { __fleetlineNotificationWake?: () => void };

export function setNotificationWake(wake: (() => void) | undefined): void {
  store.__fleetlineNotificationWake = wake;
}

export function wakeNotificationWorker(): void {
  store.__fleetlineNotificationWake?.();
}

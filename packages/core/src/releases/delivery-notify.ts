/** NOTIFY channel raised when a project's delivered files change (payload: the project id). */
export const DELIVERY_CHANNEL = "delivery_changed";

// Words for a session row: "Firefox on Linux" from the User-Agent the server recorded at sign-in,
// and how the session was opened. A best effort for people telling their sessions apart, not
// detection: an unknown agent is shown as the server recorded it.
const BROWSERS: [RegExp, string][] = [
  [/\bHeadlessChrome\//, "Headless Chrome"],
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bChrom(e|ium)\/|\bCriOS\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/^curl\//, "curl"],
  [/^node\b|\bundici\b/i, "Node.js"],
];
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b|\biPad\b|\biOS\b/, "iOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown device";
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  return userAgent.length > 60 ? `${userAgent.slice(0, 57)}…` : userAgent;
}

/** "password", "oidc:<id>", "invitation", "signup", "reset" → words; providers by their display name. */
export function describeMethod(method: string, providerNames: ReadonlyMap<string, string>): string {
  if (method.startsWith("oidc:")) {
    const id = method.slice("oidc:".length);
    return providerNames.get(id) ?? id;
  }
  switch (method) {
    case "password":
      return "Password";
    case "invitation":
      return "Accepted invitation";
    case "signup":
      return "Sign-up";
    case "reset":
      return "Password reset";
    default:
      return method;
  }
}

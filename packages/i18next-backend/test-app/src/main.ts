// The test application: i18next with @locale/i18next-backend. The service's address and the
// delivery id come from the query string (an application would have them in its configuration);
// the build never changes when a new release is published.
import LocaleBackend, { type LocaleBackendOptions } from "@locale/i18next-backend";
import i18next from "i18next";
import { bundled } from "./bundled";

const params = new URLSearchParams(location.search);

await i18next.use(LocaleBackend).init<LocaleBackendOptions>({
  lng: params.get("lng") ?? "de",
  fallbackLng: "en",
  supportedLngs: ["en", "de"],
  ns: ["translation", "common"],
  backend: {
    baseUrl: params.get("service") ?? location.origin,
    deliveryId: params.get("delivery") ?? "",
    bundled,
    storage: localStorage,
  },
});

const text = (id: string, value: string) => {
  document.getElementById(id)!.textContent = value;
};
text("title", i18next.t("title"));
text("greeting", i18next.t("greeting", { name: "Ada" }));
text("save", i18next.t("common:save"));
const backend = i18next.services.backendConnector.backend as InstanceType<typeof LocaleBackend>;
text("source", backend.sources.get(i18next.language) ?? "");
document.body.dataset.ready = "true";

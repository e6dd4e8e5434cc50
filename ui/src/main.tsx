import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppRoot, startApp } from "./app/AppRoot";
import "./app/tokens.css";
import { loadCatalogue } from "./i18n/catalogues";
import { initialLocale } from "./i18n/locale";

const app = startApp();

const locale = initialLocale();
document.documentElement.lang = locale;
const root = document.getElementById("root");
void loadCatalogue(locale).then(() => {
  performance.mark("start: words loaded");
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <AppRoot app={app} />
    </StrictMode>,
  );
});

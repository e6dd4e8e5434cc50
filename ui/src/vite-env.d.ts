/// <reference types="vite/client" />

declare module "virtual:catalogue/*" {
  const catalogue: import("./i18n/catalogues").Catalogue;
  export default catalogue;
}

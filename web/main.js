// The single page of tables: the start page at "/", a table at "/t/<id>#<token>".
const m = /^\/t\/([A-Za-z0-9_-]+)\/?$/.exec(location.pathname);
if (m) {
  import("./platform/table.js").then((t) => t.openTable(m[1]));
} else {
  import("./platform/home.js").then((h) => h.openHome());
}

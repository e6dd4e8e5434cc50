//! Waiting for what a person would see, and reading the page.

use super::{App, PATIENCE};
use crate::webdriver::{wait_for, wait_for_every, Element, Session};
use std::time::Duration;

impl App {
    pub async fn wait(&self, css: &str) -> Element {
        self.wait_every(Duration::from_millis(100), css).await
    }

    /// Waits for `css`, polling every `interval`.
    pub async fn wait_every(&self, interval: Duration, css: &str) -> Element {
        let session = self.session.clone();
        let result = wait_for_every(interval, PATIENCE, css, || {
            let session = session.clone();
            async move { session.find_first(css).await.ok().flatten() }
        })
        .await;
        match result {
            Ok(element) => element,
            Err(e) => self.fail(&e).await,
        }
    }

    /// What the user reads in each element matching `css` (`innerText`).
    async fn texts(session: &Session, css: &str) -> Option<Vec<String>> {
        let script = format!(
            "return Array.from(document.querySelectorAll({})).map(e => e.innerText.trim())",
            serde_json::to_string(css).unwrap()
        );
        let value = session.execute(&script).await.ok()?;
        Some(value.as_array()?.iter().map(|t| t.as_str().unwrap_or_default().to_string()).collect())
    }

    /// Waits until `probe`, run on the page every moment, finds what it looks for.
    async fn until<T, Fut>(&self, what: &str, probe: impl Fn(Session) -> Fut) -> T
    where
        Fut: std::future::Future<Output = Option<T>>,
    {
        match wait_for(PATIENCE, what, || probe(self.session.clone())).await {
            Ok(found) => found,
            Err(e) => self.fail(&e).await,
        }
    }

    /// Waits until the text of the first element matching `css` satisfies `check`.
    pub async fn wait_text(&self, css: &str, what: &str, check: impl Fn(&str) -> bool) -> String {
        let check = &check;
        self.until(
            what,
            |session| async move { App::texts(&session, css).await?.into_iter().next().filter(|t| check(t)) },
        )
        .await
    }

    /// Waits for a toast whose text satisfies `check`. Several can be up at
    /// once (a toast stays while the pointer rests on it), so any counts.
    pub async fn wait_toast(&self, what: &str, check: impl Fn(&str) -> bool) -> String {
        let check = &check;
        self.until(what, |session| async move {
            App::texts(&session, "[data-testid=toast]").await?.into_iter().find(|t| check(t))
        })
        .await
    }

    /// Waits until the number of elements matching `css` satisfies `check`, returning their texts.
    pub async fn wait_count(&self, css: &str, what: &str, check: impl Fn(usize) -> bool) -> Vec<String> {
        let check = &check;
        self.until(what, |session| async move { App::texts(&session, css).await.filter(|found| check(found.len())) })
            .await
    }

    /// Waits until a script's result in the page (a field's value, say)
    /// satisfies `check`, and returns it.
    pub async fn wait_script(
        &self,
        body: &str,
        what: &str,
        check: impl Fn(&serde_json::Value) -> bool,
    ) -> serde_json::Value {
        let check = &check;
        self.until(what, |session| async move { session.execute(body).await.ok().filter(|v| check(v)) }).await
    }

    /// Starts noting each place (left, top, width, height) where the first
    /// element matching `css` is laid out, as the page changes and before
    /// it is painted, for [`App::places`]: what a person would see move.
    pub async fn watch_places(&self, css: &str) {
        let css = serde_json::to_string(css).unwrap();
        self.script(&format!(
            "const css = {css}; const seen = []; \
             const look = () => {{ const e = document.querySelector(css); if (!e) return; \
               const r = e.getBoundingClientRect(); const at = [r.left, r.top, r.width, r.height].map(Math.round).join(','); \
               if (seen[seen.length - 1] !== at) seen.push(at); }}; \
             const watcher = new MutationObserver(look); \
             watcher.observe(document.body, {{ childList: true, subtree: true, attributes: true, characterData: true }}); \
             window.__places = window.__places || {{}}; window.__places[css] = {{ seen, watcher }}; look()"
        ))
        .await;
    }

    /// The places `css` was laid out at since [`App::watch_places`], in
    /// order, one entry per move; the watching stops.
    pub async fn places(&self, css: &str) -> Vec<String> {
        let css = serde_json::to_string(css).unwrap();
        let script = format!(
            "const w = (window.__places || {{}})[{css}]; if (!w) return []; w.watcher.disconnect(); return w.seen"
        );
        let seen = self.script(&script).await;
        seen.as_array().into_iter().flatten().filter_map(|at| at.as_str().map(str::to_string)).collect()
    }

    /// A script's result in the page, for checks that need the DOM.
    pub async fn script(&self, body: &str) -> serde_json::Value {
        match self.session.execute(body).await {
            Ok(value) => value,
            Err(e) => self.fail(&format!("script failed: {e}")).await,
        }
    }

    /// The attribute `name` of the first element matching `css` as it is
    /// now, without waiting; empty when there is no such element or attribute.
    pub async fn attribute(&self, css: &str, name: &str) -> String {
        let script = format!(
            "const e = document.querySelector({}); return e ? e.getAttribute({}) : null",
            serde_json::to_string(css).unwrap(),
            serde_json::to_string(name).unwrap()
        );
        self.script(&script).await.as_str().unwrap_or_default().to_string()
    }

    /// The page's address after the `#`: the route and its search.
    pub async fn route(&self) -> String {
        self.script("return decodeURIComponent(location.hash.slice(1))").await.as_str().unwrap_or_default().to_string()
    }
}

//! Steps many tests begin with: the demo workspace, an account, a subscriber.

use super::App;

impl App {
    /// The address of the first subscriber of the demo list `list`, as the Lists area shows it.
    pub async fn first_subscriber(&self, list: &str) -> String {
        self.click_to_show("[data-testid=nav-lists]", "[data-testid=open-list]").await;
        self.click(&format!("[data-list-name='{list}'] [data-testid=open-list]")).await;
        let row = self.wait_text("[data-testid=table-row]", "a subscriber", |t| t.contains('@')).await;
        row.split_whitespace().find(|w| w.contains('@')).unwrap_or_default().to_string()
    }

    /// Opens the demo workspace from the accounts screen and waits for its lists.
    pub async fn open_demo(&self) {
        self.click_to_show(
            "[data-testid=open-demo]",
            "[data-testid=open-demo]:disabled, [data-testid=current-account]",
        )
        .await;
        self.wait("[data-testid=lists-table]").await;
    }

    /// Adds an account by its name, address and key, as a person does on the
    /// accounts screen, and waits until it is open.
    pub async fn add_account(&self, name: &str, base_url: &str, key: &str) {
        self.click_to_show("[data-testid=add-account]", "[data-testid=account-name]").await;
        self.type_into("[data-testid=account-name]", name).await;
        self.type_into("[data-testid=account-url]", base_url).await;
        self.type_into("[data-testid=account-key]", key).await;
        self.click("[data-testid=account-save]").await;
        self.wait("[data-testid=current-account]").await;
    }
}

//! Routes: saved (made or changed), removed, put in a new order, and given
//! a new signing key. Each settles a lost answer by reading back what it
//! was to change.

use super::rules::{route_spec, saved_as, RouteForm, RouteView};
use super::{refusal, Action, Rights};
use crate::error::{failed, Result};
use crate::session::Session;
use crate::settle::{create_once, settled};
use api::router::Route;

async fn routes_now(session: &Session) -> Option<Vec<Route>> {
    api::router::routes(session.client()).await.ok()
}

/// The routes in the order they are tried.
pub async fn routes(session: &Session) -> Result<Vec<RouteView>> {
    let routes = api::router::routes(session.client()).await.map_err(failed(Action::LoadInbound))?;
    session.state::<Rights>().routes.listed(routes.iter().map(|r| *r.id));
    Ok(routes.into_iter().map(RouteView::from).collect())
}

/// Makes a route (`id` none), at the end of the order, or changes one.
pub async fn save_route(session: &Session, id: Option<i64>, form: &RouteForm) -> Result<RouteView> {
    let spec = route_spec(form)?;
    let client = session.client();
    let Some(id) = id else {
        let description = spec.description.clone().unwrap_or_default();
        let mut made = None;
        let create = async {
            let route = api::router::create_route(client, &spec).await.map_err(refusal(session, Action::SaveRoute))?;
            let id = *route.id;
            made = Some(route);
            Ok(id)
        };
        let named = || async {
            let routes = api::router::routes(client).await.map_err(failed(Action::SaveRoute))?;
            Ok(routes.into_iter().filter(|r| r.description.trim() == description).map(|r| *r.id).collect())
        };
        let id = create_once(&session.state::<Rights>().routes, Action::SaveRoute, create, named).await?;
        let route = match made {
            Some(route) => route,
            None => api::router::route(client, id).await.map_err(failed(Action::SaveRoute))?,
        };
        return Ok(route.into());
    };
    let sent = api::router::update_route(client, id, &spec).await.map_err(refusal(session, Action::SaveRoute));
    let found = async {
        let now = RouteView::from(api::router::route(client, id).await.ok()?);
        saved_as(&now, form).then_some(now)
    };
    match sent {
        Ok(route) => Ok(route.into()),
        Err(err) => settled(Err(err), found).await,
    }
}

/// Removes a route: mail it accepted goes on to the next.
pub async fn delete_route(session: &Session, id: i64) -> Result<()> {
    let sent = api::router::delete_route(session.client(), id).await.map_err(refusal(session, Action::DeleteRoute));
    let found = async { routes_now(session).await?.iter().all(|r| *r.id != id).then_some(()) };
    settled(sent, found).await
}

/// Puts every route in `order`, the first tried first; answers them so.
pub async fn reorder_routes(session: &Session, order: &[i64]) -> Result<Vec<RouteView>> {
    let sent = api::router::reorder(session.client(), order).await.map_err(refusal(session, Action::ReorderRoutes));
    let found = async {
        let now = routes_now(session).await?;
        now.iter().map(|r| *r.id).eq(order.iter().copied()).then_some(now)
    };
    Ok(settled(sent, found).await?.into_iter().map(RouteView::from).collect())
}

/// Issues the route a new signing key, which the page shows once; the old
/// one stops working. After a lost answer it is the key the route has
/// now, whichever that is: the one the receiver must check.
pub async fn rekey_route(session: &Session, id: i64) -> Result<String> {
    let sent = api::router::rekey(session.client(), id).await.map_err(refusal(session, Action::RekeyRoute));
    let found = async { Some(api::router::route(session.client(), id).await.ok()?.signing_key.0) };
    settled(sent, found).await
}

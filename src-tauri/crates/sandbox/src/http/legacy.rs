//! The legacy method interface at the root: `method` and `api_key` in the
//! query (GET), or in a form or JSON body (POST). Always HTTP 200; failure
//! is a non-zero `msg.err_code`.

use super::{body_params, form_params, merge, success, Shared};
use crate::fault::Fault;
use crate::ops::Call;
use crate::params::Params;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

pub async fn handle(State(app): State<Shared>, RawQuery(query): RawQuery, body: Bytes) -> Response {
    let mut params = Params(form_params(query.as_deref().unwrap_or("")));
    match body_params(&body) {
        Ok(body) => merge(&mut params, body),
        Err(fault) => return error(fault),
    }
    let Some(router) = app.access(params.text("api_key").as_deref()) else {
        return error(Fault::unauthorized());
    };
    let Some(method) = params.text("method") else {
        return error(Fault::missing("method"));
    };
    params.0.remove("api_key");
    params.0.remove("method");
    match crate::jobs::call(&app, &method, Call { params, legacy: true, router }).await {
        Ok(outcome) => Json(success(outcome)).into_response(),
        Err(fault) => error(fault),
    }
}

/// A failure as the legacy interface states it: always HTTP 200. Details
/// (a throttle's `retry_after`) go in `data`, the one place the legacy
/// shape has for more than the code and its text.
pub fn error(fault: Fault) -> Response {
    let data = if fault.details.is_null() { Value::Null } else { fault.details };
    let mut response = Json(json!({
        "response": {"msg": {"err_code": fault.code, "text": fault.message, "type": "error"}, "data": data}
    }))
    .into_response();
    response.extensions_mut().insert(super::Refused(fault.code));
    response
}

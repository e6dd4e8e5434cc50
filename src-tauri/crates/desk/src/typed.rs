//! Values each kept under its own type, made on first use and shared by
//! every copy of the store: what each area keeps in the open account's
//! session, and the desk's own parts (clicked links, held closes, the
//! app's facts, long work under way), so neither names what it holds.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

type Values = HashMap<TypeId, Arc<dyn Any + Send + Sync>>;

#[derive(Clone, Default)]
pub(crate) struct TypedStore(Arc<Mutex<Values>>);

impl TypedStore {
    /// The value of type `T`, made by `make` the first time.
    pub(crate) fn get_or_make<T: Send + Sync + 'static>(&self, make: impl FnOnce() -> T) -> Arc<T> {
        let mut values = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let kept = values.entry(TypeId::of::<T>()).or_insert_with(|| Arc::new(make()));
        Arc::clone(kept).downcast::<T>().unwrap_or_else(|_| unreachable!("each value is kept under its own type"))
    }

    /// A store of its own with `value` in place of `T`'s: copies made
    /// before keep what they had.
    pub(crate) fn with<T: Send + Sync + 'static>(&self, value: T) -> TypedStore {
        let mut values = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).clone();
        values.insert(TypeId::of::<T>(), Arc::new(value));
        TypedStore(Arc::new(Mutex::new(values)))
    }
}

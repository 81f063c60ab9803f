//! The computer player on the page: questions go to a Web Worker that runs
//! the search, so the page stays responsive; answers come back through
//! callbacks. One question at a time; [`WorkerClient::stop`] ends the
//! thinking. The page has one client, in the [`Store`](super::store::Store).

use std::cell::RefCell;
use std::rc::{Rc, Weak};
use tablecraft_app::worker_protocol::{Reply, Request};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, BlobPropertyBag, MessageEvent, Url, Worker};

type OnProgress = Box<dyn Fn(Reply)>;
type OnDone = Box<dyn FnOnce(Reply)>;

struct Asked {
    id: u64,
    on_progress: OnProgress,
    on_done: OnDone,
}

/// A running worker and the question it is thinking about.
struct Running {
    worker: Worker,
    ready: bool,
    waiting: Option<String>,
    asked: Option<Asked>,
    _on_message: Closure<dyn Fn(MessageEvent)>,
}

type Slot = RefCell<Option<Running>>;

/// The page's way to the computer player's Web Worker. The worker starts
/// with the first question and ends with [`WorkerClient::stop`]; clones are
/// handles to the same worker.
#[derive(Clone, Default)]
pub struct WorkerClient(Rc<Slot>);

fn spawn(slot: Weak<Slot>) -> Result<Running, JsValue> {
    // Trunk put the worker's files beside the page.
    let base = crate::ui::address::folder();
    let script = format!(
        "importScripts('{base}tablecraft-worker.js');\
         wasm_bindgen({{ module_or_path: '{base}tablecraft-worker_bg.wasm' }});"
    );
    let parts = js_sys::Array::of1(&JsValue::from_str(&script));
    let options = BlobPropertyBag::new();
    options.set_type("text/javascript");
    let blob = Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = Url::create_object_url_with_blob(&blob)?;
    let worker = Worker::new(&url)?;
    // The worker holds its message handler; the handler only a weak handle
    // back, so dropping the worker drops both.
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |msg: MessageEvent| {
        if let (Some(text), Some(slot)) = (msg.data().as_string(), slot.upgrade()) {
            heard(&slot, &text);
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    Ok(Running {
        worker,
        ready: false,
        waiting: None,
        asked: None,
        _on_message: on_message,
    })
}

fn heard(slot: &Slot, text: &str) {
    if text == "ready" {
        if let Some(running) = slot.borrow_mut().as_mut() {
            running.ready = true;
            if let Some(q) = running.waiting.take() {
                let _ = running.worker.post_message(&JsValue::from_str(&q));
            }
        }
        return;
    }
    let Ok(reply) = serde_json::from_str::<Reply>(text) else {
        return;
    };
    let id = reply.id();
    if matches!(reply, Reply::Progress { .. }) {
        if let Some(asked) = slot.borrow().as_ref().and_then(|r| r.asked.as_ref()) {
            if asked.id == id {
                (asked.on_progress)(reply.clone());
            }
        }
        return;
    }
    let asked = {
        let mut slot = slot.borrow_mut();
        slot.as_mut().and_then(|running| {
            if running.asked.as_ref().is_some_and(|a| a.id == id) {
                running.asked.take()
            } else {
                None
            }
        })
    };
    if let Some(asked) = asked {
        (asked.on_done)(reply);
    }
}

impl WorkerClient {
    /// Asks the computer a question. An earlier question still being
    /// thought about is dropped (its callbacks are never called).
    pub fn ask(
        &self,
        request: &Request,
        on_progress: impl Fn(Reply) + 'static,
        on_done: impl FnOnce(Reply) + 'static,
    ) {
        let text = match serde_json::to_string(request) {
            Ok(t) => t,
            Err(e) => {
                on_done(Reply::Failed {
                    id: request.id,
                    message: e.to_string(),
                });
                return;
            }
        };
        if self.0.borrow().as_ref().is_some_and(|r| r.asked.is_some()) {
            self.stop();
        }
        let result = (|| {
            let mut slot = self.0.borrow_mut();
            if slot.is_none() {
                *slot = Some(spawn(Rc::downgrade(&self.0))?);
            }
            let Some(running) = slot.as_mut() else {
                return Ok(());
            };
            running.asked = Some(Asked {
                id: request.id,
                on_progress: Box::new(on_progress),
                on_done: Box::new(on_done),
            });
            if running.ready {
                running.worker.post_message(&JsValue::from_str(&text))?;
            } else {
                running.waiting = Some(text);
            }
            Ok::<(), JsValue>(())
        })();
        if let Err(e) = result {
            let asked = self.0.borrow_mut().as_mut().and_then(|r| r.asked.take());
            let message = format!(
                "The computer player could not start: {}",
                e.as_string().unwrap_or_default()
            );
            if let Some(asked) = asked {
                (asked.on_done)(Reply::Failed {
                    id: request.id,
                    message,
                });
            }
        }
    }

    /// Stops the thinking at once: the worker is ended (a new one starts
    /// with the next question) and the question is dropped.
    pub fn stop(&self) {
        let running = self.0.borrow_mut().take();
        if let Some(running) = running {
            running.worker.terminate();
        }
    }
}

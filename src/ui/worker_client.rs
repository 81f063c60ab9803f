//! The computer player on the page: questions go to a Web Worker that runs
//! the search, so the page stays responsive; answers come back through
//! callbacks. One question at a time; [`stop`] ends the thinking.

use std::cell::RefCell;
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

struct WorkerClient {
    worker: Worker,
    ready: bool,
    waiting: Option<String>,
    asked: Option<Asked>,
    _on_message: Closure<dyn Fn(MessageEvent)>,
}

thread_local! {
    static CLIENT: RefCell<Option<WorkerClient>> = const { RefCell::new(None) };
}

fn spawn() -> Result<WorkerClient, JsValue> {
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
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |msg: MessageEvent| {
        if let Some(text) = msg.data().as_string() {
            heard(&text);
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    Ok(WorkerClient {
        worker,
        ready: false,
        waiting: None,
        asked: None,
        _on_message: on_message,
    })
}

fn heard(text: &str) {
    if text == "ready" {
        CLIENT.with(|c| {
            if let Some(client) = c.borrow_mut().as_mut() {
                client.ready = true;
                if let Some(q) = client.waiting.take() {
                    let _ = client.worker.post_message(&JsValue::from_str(&q));
                }
            }
        });
        return;
    }
    let Ok(reply) = serde_json::from_str::<Reply>(text) else {
        return;
    };
    let id = reply.id();
    if matches!(reply, Reply::Progress { .. }) {
        CLIENT.with(|c| {
            if let Some(asked) = c.borrow().as_ref().and_then(|c| c.asked.as_ref()) {
                if asked.id == id {
                    (asked.on_progress)(reply.clone());
                }
            }
        });
        return;
    }
    let asked = CLIENT.with(|c| {
        let mut c = c.borrow_mut();
        let client = c.as_mut()?;
        if client.asked.as_ref().is_some_and(|a| a.id == id) {
            client.asked.take()
        } else {
            None
        }
    });
    if let Some(asked) = asked {
        (asked.on_done)(reply);
    }
}

/// Asks the computer a question. An earlier question still being thought
/// about is dropped (its callbacks are never called).
pub fn ask(request: &Request, on_progress: impl Fn(Reply) + 'static, on_done: impl FnOnce(Reply) + 'static) {
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
    if CLIENT.with(|c| c.borrow().as_ref().is_some_and(|c| c.asked.is_some())) {
        stop();
    }
    let result = CLIENT.with(|c| {
        let mut c = c.borrow_mut();
        if c.is_none() {
            *c = Some(spawn()?);
        }
        let Some(client) = c.as_mut() else { return Ok(()) };
        client.asked = Some(Asked {
            id: request.id,
            on_progress: Box::new(on_progress),
            on_done: Box::new(on_done),
        });
        if client.ready {
            client.worker.post_message(&JsValue::from_str(&text))?;
        } else {
            client.waiting = Some(text);
        }
        Ok::<(), JsValue>(())
    });
    if let Err(e) = result {
        let asked = CLIENT.with(|c| c.borrow_mut().as_mut().and_then(|c| c.asked.take()));
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

/// Stops the thinking at once: the worker is ended (a new one starts with
/// the next question) and the question is dropped.
pub fn stop() {
    CLIENT.with(|c| {
        if let Some(client) = c.borrow_mut().take() {
            client.worker.terminate();
        }
    });
}

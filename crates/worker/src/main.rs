//! The computer player's Web Worker: it answers [`tablecraft_app::worker_protocol`]
//! requests off the page's main thread, so the page never freezes.

#[cfg(target_arch = "wasm32")]
fn main() {
    use tablecraft_app::worker_protocol::answer_json;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, WorkerGlobalScope};

    fn now() -> f64 {
        js_sys::global()
            .dyn_into::<WorkerGlobalScope>()
            .ok()
            .and_then(|scope| scope.performance())
            .map_or(0.0, |p| p.now())
    }

    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |msg: MessageEvent| {
        let Some(question) = msg.data().as_string() else {
            return;
        };
        let post = |text: String| {
            let _ = replies.post_message(&JsValue::from_str(&text));
        };
        let answer = answer_json(&question, now, &mut |progress| post(progress));
        post(answer);
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Messages sent before the worker's wasm has loaded are lost: say when ready.
    let _ = scope.post_message(&JsValue::from_str("ready"));
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    println!("This is the computer player's Web Worker; it runs in the browser.");
}

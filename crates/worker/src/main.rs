//! The computer player's Web Worker: it answers [`tablecraft_app::worker_protocol`]
//! requests off the page's main thread, so the page never freezes.

#[cfg(target_arch = "wasm32")]
fn main() {
    use std::cell::RefCell;
    use tablecraft_app::worker_protocol::{answer_json, Memory};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    #[wasm_bindgen]
    extern "C" {
        // The worker's own `performance`, called at once: the search reads
        // the clock as often as every step of a playout, and going through
        // the global scope's object (`js_sys::global()`, a cast, then
        // `performance()`) makes each reading several calls into
        // JavaScript, costing more than a step of a small game.
        #[wasm_bindgen(js_namespace = performance, js_name = now)]
        fn performance_now() -> f64;
    }

    fn now() -> f64 {
        performance_now()
    }

    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    // What the worker keeps from one question to the next: the game
    // compiled, and the computer's search of the positions ahead.
    let memory = RefCell::new(Memory::default());
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |msg: MessageEvent| {
        // When the question was read, by the clock the page says when it
        // asked by: the time it waited comes out of the time to think.
        let read_at = js_sys::Date::now();
        let Some(question) = msg.data().as_string() else {
            return;
        };
        let post = |text: String| {
            let _ = replies.post_message(&JsValue::from_str(&text));
        };
        let answer = answer_json(
            &question,
            now,
            read_at,
            &mut memory.borrow_mut(),
            &mut |progress| post(progress),
        );
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

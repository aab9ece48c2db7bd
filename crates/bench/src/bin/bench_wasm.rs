//! The engine benchmark ([`quoridor_bench`]) as WebAssembly for Node:
//! `scripts/bench.sh` builds it for wasm32, runs `wasm-bindgen --target
//! nodejs` and calls the exported `bench` function next to the native
//! `quoridor bench`, so both run the same positions, settings and seed.

#[cfg(target_arch = "wasm32")]
mod wasm {
    use quoridor_engines::learned::Evaluator;
    use quoridor_rules::{Game, Variant};
    use std::cell::RefCell;
    use wasm_bindgen::prelude::*;

    thread_local! {
        /// The evaluator the benchmarks score with: the classic terms until
        /// [`use_network`] gives a network. This module's own state between
        /// the calls from JavaScript (the library keeps none).
        static EVALUATOR: RefCell<Evaluator> = RefCell::new(Evaluator::classic());
    }

    /// The evaluator of the next benchmark.
    fn evaluator() -> Evaluator {
        EVALUATOR.with(|e| e.borrow().clone())
    }

    /// Runs the benchmark with settings `params` (`default` or `thesis`) and
    /// `playouts` per position; returns the report text, whose last line is
    /// `overall: … = N playouts/s`.
    #[wasm_bindgen]
    pub fn bench(params: &str, playouts: u32) -> Result<String, JsValue> {
        let settings = quoridor_bench::bench_config(params).ok_or_else(|| {
            JsValue::from_str(&format!("params must be default or thesis, got {params:?}"))
        })?;
        quoridor_bench::run(&settings, &evaluator(), playouts as u64)
            .map(|report| report.to_string())
            .map_err(|e| JsValue::from_str(&e.to_string()))
    }

    /// Runs the alpha-beta benchmark (`quoridor bench --engine alphabeta`):
    /// `ms` milliseconds per position; returns the report text, whose last
    /// line is `overall: N nodes/s`.
    #[wasm_bindgen]
    pub fn bench_alphabeta(ms: u32) -> Result<String, JsValue> {
        let settings = quoridor_bench::alphabeta_bench_config();
        quoridor_bench::run_alphabeta(&settings, &evaluator(), u64::from(ms))
            .map(|report| report.to_string())
            .map_err(|e| JsValue::from_str(&e.to_string()))
    }

    /// Reads a value network from the bytes of a safetensors file and makes
    /// it the one `eval=learned` uses in the next benchmarks; returns its
    /// shape.
    #[wasm_bindgen]
    pub fn use_network(weights: &[u8]) -> Result<String, JsValue> {
        let net = quoridor_engines::learned::Network::from_safetensors(weights)
            .map_err(|e| JsValue::from_str(&e.to_string()))?;
        let (h, h2) = net.shape();
        EVALUATOR.with(|e| *e.borrow_mut() = Evaluator::with_network(net));
        Ok(format!("{}-{h}-{h2}-1", quoridor_engines::learned::INPUTS))
    }

    /// [`bench`] or [`bench_alphabeta`] (`engine`: `uct` or `alphabeta`;
    /// `amount`: playouts or milliseconds per position) with the evaluation
    /// `eval` (`classic` or `learned`, after [`use_network`]).
    #[wasm_bindgen]
    pub fn bench_with_eval(engine: &str, amount: u32, eval: &str) -> Result<String, JsValue> {
        let eval = eval
            .parse::<quoridor_engines::Evaluation>()
            .map_err(|e| JsValue::from_str(&e.to_string()))?;
        let report = if engine == "alphabeta" {
            let mut settings = quoridor_bench::alphabeta_bench_config();
            settings.params.eval = eval;
            quoridor_bench::run_alphabeta(&settings, &evaluator(), u64::from(amount))
                .map(|r| r.to_string())
        } else {
            let mut settings = quoridor_bench::bench_config("default")
                .ok_or_else(|| JsValue::from_str("no default bench settings"))?;
            settings.params.eval = eval;
            quoridor_bench::run(&settings, &evaluator(), u64::from(amount)).map(|r| r.to_string())
        };
        report.map_err(|e| JsValue::from_str(&e.to_string()))
    }

    /// Forward passes per second of the installed network: `rounds` times
    /// over the benchmark positions' features (computed once).
    #[wasm_bindgen]
    pub fn evaluations_per_second(rounds: u32) -> Result<f64, JsValue> {
        let evaluator = evaluator();
        let net = evaluator
            .network()
            .ok_or_else(|| JsValue::from_str("call use_network first"))?;
        let features: Vec<_> = quoridor_bench::POSITIONS
            .iter()
            .filter_map(|p| Game::parse_with_variant(p.record, Variant::default()).ok())
            .filter_map(|g| quoridor_engines::learned::active_features(g.position()))
            .collect();
        let start = quoridor_engines::now_ms();
        let mut sum = 0.0f32;
        for _ in 0..rounds {
            for f in &features {
                sum += net.evaluate(f);
            }
        }
        let seconds = (quoridor_engines::now_ms() - start) / 1000.0;
        // `sum` keeps the passes from being optimised away.
        Ok(if sum.is_nan() {
            0.0
        } else {
            (rounds as usize * features.len()) as f64 / seconds
        })
    }

    /// The benchmark positions' records, one a line (the start is the empty
    /// line), for `scripts/bench.sh`'s perft comparison.
    #[wasm_bindgen]
    pub fn bench_records() -> String {
        quoridor_bench::POSITIONS
            .iter()
            .map(|p| p.record.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Perft ([`quoridor_rules::perft`]) to `depth` (at most 4) after the
    /// moves of `record` on the standard board, as decimal text:
    /// `scripts/bench.sh` checks it equals the native `quoridor perft`, so the
    /// wasm32 bitboard code (`crates/rules/src/wide.rs`) generates the same moves.
    #[wasm_bindgen]
    pub fn perft(record: &str, depth: u32) -> Result<String, JsValue> {
        if depth > 4 {
            return Err(JsValue::from_str(&format!(
                "perft depth must be 0-4, got {depth}"
            )));
        }
        let game = Game::parse_with_variant(record, Variant::default())
            .map_err(|e| JsValue::from_str(&e.to_string()))?;
        Ok(quoridor_rules::perft(game.position(), depth).to_string())
    }

    /// Solves the variant of `size` and `walls` each as the page's worker
    /// would and returns `"<ms> <positions> <work> within|over"` (its
    /// [`quoridor_solver::exact::solve_work`] and whether that is within the page's
    /// budget, [`quoridor_solver::exact::PAGE_WORK`]): how the
    /// page's solve budget was chosen (docs/solved.md, "In the page").
    #[wasm_bindgen]
    pub fn solve_ms(size: u8, walls: u8) -> Result<String, JsValue> {
        let variant = Variant::new(size, walls).map_err(|e| JsValue::from_str(&e.to_string()))?;
        let started = js_sys::Date::now();
        let (_, stats) = quoridor_solver::solve(variant, u64::MAX, |_, _| {})
            .map_err(|e| JsValue::from_str(&e.to_string()))?;
        let ms = js_sys::Date::now() - started;
        let work = quoridor_solver::exact::solve_work(variant, u64::MAX).unwrap_or(0);
        let within = work <= quoridor_solver::exact::PAGE_WORK;
        Ok(format!(
            "{} {} {} {}",
            ms,
            stats.positions,
            work,
            if within { "within" } else { "over" }
        ))
    }
}

fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    println!("This is the WebAssembly benchmark; run `scripts/bench.sh` (or `quoridor bench`).");
}

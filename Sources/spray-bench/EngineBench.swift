// How many tank-mix calculations per second: a 5-product job, as the engine computes it
// and as the window recomputes it on each keystroke (text parsed, validated, planned).

import FoundationEssentials
import SprayMix

func engineBench() {
    let form = JobForm(
        areaText: "258,4", sprayRateText: "250", tankText: "3000",
        products: [
            ProductForm(name: "Herbicyd", rateText: "1,5"), ProductForm(name: "Adiuwant", rateText: "300", unit: .millilitresPerHectare),
            ProductForm(name: "Fungicyd", rateText: "0,75"), ProductForm(name: "Mocznik", rateText: "5", unit: .kilogramsPerHectare),
            ProductForm(name: "Mikroelementy", rateText: "250", unit: .gramsPerHectare),
        ],
        strategy: .full
    )
    guard case let .success(input) = form.input() else { fatalError("the benchmark job is invalid") }
    print("Engine, a 5-product job (258,4 ha · 250 l/ha · 3000 l tank)")
    for (label, body) in [("plan from numbers (TankMixEngine.plan)", { _ = TankMixEngine.plan(input) }),
                          ("plan from typed text (JobForm.plan, as the window)", { _ = form.plan() })] {
        let iterations = 20_000
        let perRun = milliseconds(runs: 5) { for _ in 0..<iterations { body() } }
        let perSecond = Int(Double(iterations) / perRun * 1000)
        print(padded(label, 62) + "\(perSecond) calculations/s")
    }
}

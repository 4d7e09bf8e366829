// The calibration window without GTK: the four quantities as typed and which one is
// computed, the tank and boom width for the per-tank figures, the chosen nozzle size, the
// catch test, and the calibration it would save. Texts for the widgets are in
// CalibrationViewModel+Presentation.swift; SprayGtk/Windows/CalibrationWindow*.swift only
// copies them into widgets.

import FarmContext
import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

/// A text field of the calibration window.
public enum CalibrationField: Hashable, Sendable {
    case quantity(CalibrationQuantity)
    /// Tank capacity, l.
    case tank
    /// Working width of the boom, m.
    case width
    /// How long each nozzle was caught, s.
    case seconds
    /// ml from each nozzle, as one list.
    case volumes

    public static let all: [CalibrationField] = CalibrationQuantity.allCases.map(Self.quantity) + [.tank, .width, .seconds, .volumes]
}

@MainActor
public final class CalibrationViewModel {
    public enum Change: Sendable {
        /// Results, problems or the chart changed; the fields hold what the user typed.
        case state
        /// A field's text was replaced by the model (the measured flow taken over): refill them.
        case fields
    }

    public var onChange: ((Change) -> Void)?
    /// Set by whoever can keep a calibration (a sprayer in the library); without it the
    /// window offers no saving.
    public var onSave: ((SprayerCalibration) throws -> Void)?
    /// Why the last save failed (the library could not be written); cleared by the next save.
    public private(set) var saveError: String?

    public private(set) var selectedNozzle: NozzleSize?
    /// The library sprayer being calibrated, if any: the window's title names it.
    public private(set) var sprayerName: String?

    /// "Sprayer Calibration", or "Calibration of Pilmet 2500".
    public var title: String {
        sprayerName.map { tr("Calibration of %@").filled($0) } ?? tr("Sprayer Calibration")
    }
    private var texts: [CalibrationField: String] = [:]
    /// Fields the user has typed in: their problems show at once.
    private var edited: Set<CalibrationField> = []

    public init(texts: [CalibrationField: String] = [:], nozzle: NozzleSize? = nil) {
        self.texts = texts
        selectedNozzle = nozzle
    }

    // MARK: Editing

    public func setText(_ text: String, for field: CalibrationField) {
        texts[field] = text
        edited.insert(field)
        onChange?(.state)
    }

    /// What the field shows: the text typed, or the computed value for the computed quantity.
    public func text(of field: CalibrationField) -> String {
        if case let .quantity(quantity) = field, quantity == computedQuantity {
            return setting.map { NumberFormat.current.string($0[quantity], maxFractionDigits: quantity.displayDigits) } ?? ""
        }
        return texts[field] ?? ""
    }

    public func selectNozzle(_ size: NozzleSize?) {
        selectedNozzle = size
        onChange?(.state)
    }

    // MARK: The four quantities

    /// The quantities with something typed in them.
    public var typedQuantities: [CalibrationQuantity] {
        CalibrationQuantity.allCases.filter { !(texts[.quantity($0)] ?? "").isBlank }
    }

    /// The quantity left empty while the other three are typed: it is computed.
    public var computedQuantity: CalibrationQuantity? {
        let typed = typedQuantities
        guard typed.count == 3 else { return nil }
        return CalibrationQuantity.allCases.first { !typed.contains($0) }
    }

    /// All four quantities, when three are typed and valid.
    public var setting: SprayerSetting? {
        guard let missing = computedQuantity else { return nil }
        var known: [CalibrationQuantity: Decimal] = [:]
        for quantity in CalibrationQuantity.allCases where quantity != missing {
            guard case let .success(value) = number(.quantity(quantity)) else { return nil }
            known[quantity] = value
        }
        return SprayerSetting.solving(missing, from: known)
    }

    /// The value of a quantity: typed and valid, or computed.
    public func value(of quantity: CalibrationQuantity) -> Decimal? {
        if let setting { return setting[quantity] }
        if case let .success(value) = number(.quantity(quantity)) { return value }
        return nil
    }

    /// The field's number, or why it is not one (must be greater than 0).
    func number(_ field: CalibrationField) -> Result<Decimal, InputProblem> {
        switch NumberParser.parse(texts[field] ?? "") {
        case let .success(value) where value > 0: .success(value)
        case .success: .failure(.notPositive)
        case let .failure(problem): .failure(InputProblem(problem))
        }
    }

    // MARK: Problems

    /// The problem to show under `field`, once the user has typed in it.
    public func problem(for field: CalibrationField) -> String? {
        guard edited.contains(field) else { return nil }
        if field == .volumes { return volumeProblems.first }
        guard case let .failure(problem) = number(field), problem != .empty else { return nil }
        return problem.message
    }

    /// Problems of the visible fields, each naming its field: "Speed: must be greater than 0".
    public var problems: [String] {
        CalibrationField.all.compactMap { field in problem(for: field).map { label(of: field) + ": " + $0 } }
    }

    /// "Value 2: not a number" for each volume that is not a positive number.
    var volumeProblems: [String] {
        CatchTest.splitVolumes(texts[.volumes] ?? "").enumerated().compactMap { index, text in
            let problem: InputProblem
            switch NumberParser.parse(text) {
            case let .success(value) where value > 0: return nil
            case .success: problem = .notPositive
            case let .failure(numberProblem): problem = InputProblem(numberProblem)
            }
            return tr("nozzle %1$@ (“%2$@”): %3$@").filled(String(index + 1), text, problem.message)
        }
    }

    /// The field's name as the window labels it.
    public func label(of field: CalibrationField) -> String {
        switch field {
        case let .quantity(quantity): quantity.name
        case .tank: tr("Tank capacity")
        case .width: tr("Working width")
        case .seconds: tr("Catch time")
        case .volumes: tr("Collected per nozzle")
        }
    }

    // MARK: Catch test

    /// The catch test, when the time and every volume are valid numbers.
    public var catchTest: CatchTest? {
        guard case let .success(seconds) = number(.seconds), volumeProblems.isEmpty else { return nil }
        let volumes = CatchTest.splitVolumes(texts[.volumes] ?? "").compactMap { try? NumberParser.parse($0).get() }
        guard !volumes.isEmpty else { return nil }
        return CatchTest(seconds: seconds, millilitres: volumes, nozzle: selectedNozzle)
    }

    /// The catch test's mean can become the flow per nozzle.
    public var canUseMeasuredFlow: Bool { catchTest != nil }

    /// Puts the catch test's mean flow into the flow field. When speed and spacing are typed
    /// too, the spray volume is emptied so that it is computed: what the sprayer really gives.
    public func useMeasuredFlow() {
        guard let mean = catchTest?.meanFlow else { return }
        texts[.quantity(.flow)] = NumberFormat.current.string(mean, maxFractionDigits: 3)
        edited.insert(.quantity(.flow))
        if typedQuantities.count == 4 { texts[.quantity(.rate)] = "" }
        onChange?(.fields)
    }

    // MARK: Saving

    /// What would be saved as the sprayer's calibration on `date`: the catch test's mean
    /// flow (else the flow typed or computed), the speed, and the pressure of the chosen size
    /// for that flow. Nil without a flow and a speed.
    public func calibration(on date: CalendarDate) -> SprayerCalibration? {
        guard let flow = catchTest?.meanFlow ?? value(of: .flow), let speed = value(of: .speed) else { return nil }
        return SprayerCalibration(flowPerNozzle: flow, speed: speed, pressure: selectedNozzle?.pressure(forFlow: flow), date: date)
    }

    public var offersSaving: Bool { onSave != nil }

    /// Whose today dates a saved calibration: the farm's, for a sprayer of its library.
    public private(set) var clock: Clock = .system

    /// Whether a calibration can be saved today.
    public var canSaveToday: Bool { canSave(on: clock.today) }

    /// Saves today's calibration (`save(on:)`).
    @discardableResult
    public func saveToday() -> Bool { save(on: clock.today) }

    public func canSave(on date: CalendarDate) -> Bool {
        offersSaving && calibration(on: date) != nil
    }

    /// Hands the calibration to `onSave`; false when there is nothing to save or saving
    /// failed (`saveError` says why).
    @discardableResult
    public func save(on date: CalendarDate) -> Bool {
        guard let onSave, let calibration = calibration(on: date) else { return false }
        do {
            try onSave(calibration)
            saveError = nil
            return true
        } catch {
            saveError = userMessage(error)
            onChange?(.state)
            return false
        }
    }
}

extension CalibrationViewModel {
    /// The calibration of `sprayer`: its spacing, tank, width and nozzle filled in, with its
    /// last calibrated flow and speed; saving keeps the calibration on the sprayer in `library`.
    public convenience init(sprayer: LibrarySprayer, farm: Farm) {
        let format = NumberFormat.current
        var texts: [CalibrationField: String] = [.tank: format.editable(sprayer.tankCapacity)]
        texts[.quantity(.spacing)] = sprayer.nozzleSpacing.map(format.editable)
        texts[.width] = sprayer.workingWidth.map(format.editable)
        texts[.quantity(.flow)] = sprayer.calibration.map { format.editable($0.flowPerNozzle) }
        texts[.quantity(.speed)] = sprayer.calibration.map { format.editable($0.speed) }
        self.init(texts: texts, nozzle: sprayer.nozzle)
        clock = farm.clock
        sprayerName = sprayer.name
        onSave = { [id = sprayer.id] calibration in
            // The sprayer as it is now (it may have been edited or deleted meanwhile, here or by
            // another program), with the new calibration.
            farm.libraryBook.reload()
            guard var current = farm.library.sprayers.first(where: { $0.id == id }) else { throw LibraryError.gone }
            current.calibration = calibration
            try farm.libraryBook.save(.sprayer(current))
        }
    }
}

// The library window without GTK: its three lists as rows to show, what deleting an item
// says before it happens, and the editors it opens. SprayGtk/Windows/LibraryWindow.swift
// only copies this into widgets.

import FarmContext
import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

/// One item as the library window lists it.
/// What an import of the register came to: kept, or waiting for the farmer to confirm a
/// register much smaller than the one kept (the question to ask).
public enum RegisterImportOutcome: Equatable, Sendable {
    case imported
    case needsConfirmation(String)
}

public struct LibraryRow: Equatable, Sendable {
    public var id: UUID
    public var title: String
    /// "WG · R-12/2024 · 1,5 l/ha (max 2 l/ha) · karencja 60 days".
    public var summary: String
    /// The rules it breaks ("Area (ha): must be greater than 0"): it came from elsewhere (an
    /// import, a restore, the farm folder) and needs checking. Empty for most.
    public var problems: [String] = []
    /// A page to open in the browser: a register product's label.
    public var link: String? = nil

    /// "Needs checking: Area (ha): must be greater than 0; …", or nil.
    public var needsChecking: String? {
        problems.isEmpty ? nil : tr("Needs checking: %@").filled(problems.joined(separator: "; "))
    }

    /// Each item of `kind` in `library`, by name, each with the rules it breaks; inspections
    /// and certificates judged on `today`.
    public static func rows(of kind: LibraryKind, in library: Library, on today: CalendarDate) -> [LibraryRow] {
        let problems = library.problems
        return plainRows(of: kind, in: library, on: today).map { row in
            var row = row
            row.problems = problems[row.id]?.map { FreeText.displayable($0.text) } ?? []
            return row
        }
    }

    /// Each item of `kind` in `library`, by name: the library window's rows and `library list`'s lines.
    private static func plainRows(of kind: LibraryKind, in library: Library, on today: CalendarDate) -> [LibraryRow] {
        let format = NumberFormat.current
        func number(_ value: Decimal) -> String { format.string(value, maxFractionDigits: 4) }
        switch kind {
        case .product:
            return library.products.map { product in
                var parts: [String] = []
                if let formulation = product.formulation { parts.append(formulation.shortName) }
                if !product.authorisation.isEmpty { parts.append(product.authorisation) }
                if let rate = product.rate { parts.append(number(rate) + " " + product.unit.symbol) }
                if let maximum = product.maximumRate { parts.append(tr("max %@").filled(number(maximum) + " " + product.unit.symbol)) }
                func limits(_ count: Int?, _ days: Int?) -> [String] {
                    [count.map { trn("%@ treatment a season", "%@ treatments a season", $0).filled(String($0)) },
                     days.map { trn("at least %@ day apart", "at least %@ days apart", $0).filled(String($0)) }].compactMap { $0 }
                }
                parts += limits(product.maximumTreatments, product.intervalDays)
                parts += product.cropLimits.map { $0.eppo + ": " + limits($0.maxTreatments, $0.intervalDays).joined(separator: ", ") }
                parts += product.modesOfAction
                if let zone = product.bufferZone { parts.append(tr("%@ m from water").filled(number(zone))) }
                parts += product.reducedZones.map { tr("%1$@ with %2$@ %% drift reduction").filled(number($0.metres) + " m", String($0.driftReduction)) }
                if product.beeHazard { parts.append(tr("hazardous to bees")) }
                if let days = product.preHarvestDays {
                    parts.append(trn("pre-harvest interval %@ day", "pre-harvest interval %@ days", days).filled(String(days)))
                }
                return LibraryRow(id: product.id, title: product.name, summary: parts.joined(separator: " · "))
            }
        case .field:
            return library.fields.map { field in
                var parts = [number(field.area) + " ha"]
                if let crop = field.crop { parts.append(crop.name.isEmpty ? crop.eppoCode : crop.name) }
                if !field.neighbours.isEmpty { parts.append(tr("borders on %@").filled(field.neighbours.map(\.title).joined(separator: ", "))) }
                parts += field.parcelIDs
                return LibraryRow(id: field.id, title: field.name, summary: parts.joined(separator: " · "))
            }
        case .sprayer:
            return library.sprayers.map { sprayer in
                var parts = [number(sprayer.tankCapacity) + " l"]
                if let width = sprayer.workingWidth { parts.append(tr("width %@ m").filled(number(width))) }
                if let spacing = sprayer.nozzleSpacing { parts.append(tr("nozzles every %@ m").filled(number(spacing))) }
                if let nozzle = sprayer.nozzle { parts.append(tr("nozzle %1$@ (%2$@)").filled(nozzle.rawValue, nozzle.colourName)) }
                if let reduction = sprayer.driftReduction { parts.append(tr("drift reduction %@ %%").filled(String(reduction))) }
                if sprayer.isOrchard { parts.append(tr("orchard sprayer")) }
                if let calibration = sprayer.calibration {
                    parts.append(tr("calibrated %@").filled(calibration.date.typedText(in: Translation.current.language)))
                }
                if let until = sprayer.inspectionValidUntil {
                    let day = until.typedText(in: Translation.current.language)
                    switch sprayer.inspectionState(on: today) {
                    case .lapsed: parts.append(Advice.inspectionLapsedInRow(until).text)
                    case .lapsingSoon: parts.append(Advice.inspectionLapsingInRow(until).text)
                    default: parts.append(tr("inspection valid until %@").filled(day))
                    }
                }
                return LibraryRow(id: sprayer.id, title: sprayer.name, summary: parts.joined(separator: " · "))
            }
        case .operator:
            return library.operators.map { person in
                var parts: [String] = []
                if !person.certificate.isEmpty { parts.append(tr("certificate %@").filled(person.certificate)) }
                if let until = person.validUntil {
                    let day = until.typedText(in: Translation.current.language)
                    switch person.certificateState(on: today) {
                    case .lapsed: parts.append(Advice.certificateLapsedInRow(until).text)
                    case .lapsingSoon: parts.append(Advice.certificateLapsingInRow(until).text)
                    default: parts.append(tr("valid until %@").filled(day))
                    }
                }
                return LibraryRow(id: person.id, title: person.name, summary: parts.joined(separator: " · "))
            }
        }
    }
}

@MainActor
public final class LibraryViewModel {
    private let farm: Farm
    private var store: any LibraryBook { farm.libraryBook }
    public var onChange: (() -> Void)?
    /// The register kept, once read: products are found in it and added to the library.
    public private(set) var officialRegister: OfficialRegisterIndex?
    /// What the Products page says of the register kept: "Register of 26.06.2026: …".
    public private(set) var registerStatus = ""
    /// What the last import could not use ("2 uses name no product of this release…"),
    /// said under the register's line until the window closes.
    public private(set) var importNotes: [String] = []

    /// The day inspections, certificates and the register's age are judged on.
    private var clock: Clock { farm.clock }

    /// What a farm starting out does first, while the library is empty (FirstSteps; last
    /// season's spreadsheet is the register's to offer).
    public var firstSteps: [FirstStep] {
        guard store.library.items.isEmpty, !isReadOnly else { return [] }
        return FirstSteps.remaining(library: store.library, hasOfficialRegister: officialRegister != nil, recordCount: 0,
                                    offeringSpreadsheet: false)
    }

    /// The register kept, said on the Products page with how old the import is (and, from
    /// 90 days on, to look for a newer file); read when the window opens.
    public func readRegisterStatus(_ index: OfficialRegisterIndex?) {
        officialRegister = index
        registerStatus = index.map { index in
            let register = index.register, day = clock.today
            return ([tr("Official register: %@").filled(register.summary()) + "; " + register.importedText(today: day)]
                    + importNotes + [register.staleAdvice(today: day)?.text].compactMap { $0 }).joined(separator: "\n")
        }
            ?? tr("No official register imported: import the ministry's Rejestr_zastosowanie.xlsx or a release from dane.gov.pl to complete names and check doses.")
        onChange?()
    }

    /// The register's products whose name holds `text` (case and Polish letters ignored), at
    /// most `limit`, as rows to show with Add to Library; none for blank text.
    public func registerMatches(_ text: String, limit: Int = 12) -> [LibraryRow] {
        guard let officialRegister, !text.isBlank else { return [] }
        return officialRegister.search(text).prefix(limit).map { product in
            let last = product.lastDayOfUse.map { tr("may be used until %@").filled($0.typedText(in: Translation.current.language)) }
                ?? product.unreadableLastDayOfUse.map { tr("date of use unknown: the register writes “%@”").filled($0) }
            let minor = product.uses.contains { $0.minorUse == true } && product.marks?.minorUse != true ? tr("small-area use") : ""
            let packs = product.packages.flatMap { $0.isEmpty ? nil : tr("packs: %@").filled(RegisterPackage.summary($0)) } ?? ""
            var parts: [String] = [product.authorisation, product.kind, product.producer ?? "", product.substances, last ?? "", minor]
            parts += product.markWords
            parts.append(packs)
            let summary = parts.filter { !$0.isEmpty }.map { FreeText.displayable($0) }.joined(separator: " · ")
            return LibraryRow(id: UUID(), title: product.name, summary: summary, link: product.labelLink)
        }
    }

    /// Add to Library: the register's product of this name as a product of the library (its
    /// number, formulation and largest dose). False when the library has a product of that name.
    @discardableResult
    public func addFromRegister(named name: String) throws -> Bool {
        guard let product = officialRegister?.product(named: name) else { return false }
        guard store.library.product(named: product.name) == nil else { return false }
        try store.save(.product(product.libraryProduct()))
        return true
    }

    /// Import the Register…: the files at `paths` (a one-sheet workbook, or a release's files,
    /// its folder or its ZIP) kept as the register. Throws, naming what is wrong, when they are
    /// not one register; a register much smaller than the one kept is not taken before the
    /// farmer confirms (`replacingSmaller`). Either way the register kept stays until then.
    public func importRegister(at paths: [String], replacingSmaller: Bool = false) throws -> RegisterImportOutcome {
        let imported: RegisterImport
        do {
            imported = try farm.importRegister(paths, replacingSmaller: replacingSmaller)
        } catch let problem as OfficialRegisterImportError {
            if case .muchSmaller = problem { return .needsConfirmation(problem.message) }
            throw problem
        }
        importNotes = Array(imported.lines.dropFirst())
        // The farm checks by it from now on: the calculator and the forms follow it.
        readRegisterStatus(farm.register)
        return .imported
    }

    public init(farm: Farm) {
        self.farm = farm
        store.observe(by: self) { [weak self] in self?.onChange?() }
    }

    public var isReadOnly: Bool { store.isReadOnly }
    public var notices: [String] { store.notices.map(\.message) }

    public nonisolated static func title(of kind: LibraryKind) -> String {
        switch kind {
        case .product: tr("Products")
        case .field: tr("Fields")
        case .sprayer: tr("Sprayers")
        case .operator: tr("Operators")
        }
    }

    public static func addLabel(of kind: LibraryKind) -> String {
        switch kind {
        case .product: tr("_Add Product…")
        case .field: tr("_Add Field…")
        case .sprayer: tr("_Add Sprayer…")
        case .operator: tr("_Add Operator…")
        }
    }

    public static func emptyText(of kind: LibraryKind) -> String {
        switch kind {
        case .product: tr("No products yet. Add the ones you spray: the calculator then fills their rate, and records their authorisation number.")
        case .field: tr("No fields yet. Add your fields: the calculator then fills the area, and the record the parcel and crop.")
        case .sprayer: tr("No sprayers yet. Add your sprayer: the calculator then fills the tank capacity.")
        case .operator: tr("No operators yet. Add who sprays, with their training certificate: the record form then completes the name and says when a certificate lapses.")
        }
    }

    public func rows(of kind: LibraryKind) -> [LibraryRow] {
        LibraryRow.rows(of: kind, in: store.library, on: clock.today)
    }

    /// What the confirmation says before item `id` is deleted.
    public func deletion(of id: UUID) -> (heading: String, body: String)? {
        guard let item = item(id: id) else { return nil }
        return (tr("Delete “%@” from the library?").filled(item.name),
                tr("Calculations in the history and treatment records keep what they took from it."))
    }

    /// Deletes item `id`; the message when it could not be.
    public func delete(id: UUID) -> String? {
        do {
            try store.remove(id: id)
            return nil
        } catch {
            return userMessage(error)
        }
    }

    /// The calibration window's state for sprayer `id`, saving onto it.
    public func calibration(ofSprayer id: UUID) -> CalibrationViewModel? {
        store.library.sprayers.first { $0.id == id }.map { CalibrationViewModel(sprayer: $0, farm: farm) }
    }

    /// The editor for a new item of `kind`, or for item `id`.
    public func editor(for kind: LibraryKind, id: UUID? = nil) -> LibraryEditorViewModel {
        LibraryEditorViewModel(kind: kind, editing: id.flatMap(item(id:)), store: store)
    }

    func item(id: UUID) -> LibraryItem? {
        let library = store.library
        if let product = library.products.first(where: { $0.id == id }) { return .product(product) }
        if let field = library.fields.first(where: { $0.id == id }) { return .field(field) }
        if let sprayer = library.sprayers.first(where: { $0.id == id }) { return .sprayer(sprayer) }
        if let person = library.operators.first(where: { $0.id == id }) { return .operator(person) }
        return nil
    }
}

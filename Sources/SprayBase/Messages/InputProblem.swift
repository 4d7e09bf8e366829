// Typed validation errors. The GUI shows `message` under the field, the CLI prefixes it
// with the option name, the report lists it — one wording everywhere.

import FoundationEssentials

/// A field of the job form.
public enum JobField: Equatable, Hashable, Sendable {
    case area
    case areaUnit
    case sprayRate
    case tankCapacity
    case productRate(Int)
    case productUnit(Int)
    case productName(Int)
    case strategy
}

public enum InputProblem: Equatable, Sendable, Error {
    case empty
    case notANumber
    case notPositive
    case notFiniteOrTooLarge
    /// The liquid products alone take `liquidProducts` l/ha of a `sprayRate` l/ha spray volume.
    case noRoomForWater(liquidProducts: Decimal, sprayRate: Decimal)
    case unknownUnit(String, accepted: [String])
    /// The tank is so small that the job would take more than `limit` loads.
    case tooManyLoads(limit: Int)
    /// A `--product` value with more than one "=".
    case tooManyEquals
    /// Not a time as HH:MM.
    case notATime(String)
    /// Not a day as 14.03.2024 or 2024-03-14 (or one no record can be from).
    case notADate(String)
    /// Neither a crop of the list nor shaped like an EPPO code.
    case notAnEPPOCode(String)
    /// Not two digits.
    case notABBCHCode(String)
    /// Not PRODUCT=NUMBER.
    case notAnAuthorisation(String)
    /// A name that none of the job's products has.
    case notAProductOfTheJob(String)
    /// Not a record id (a UUID).
    case notARecordID(String)
    /// Polish "10.000", as typed: ten thousand or ten?
    case ambiguousPoint(String)
    /// Text longer than `limit` characters.
    case tooLong(limit: Int)
    /// A name that the farm's library does not have.
    case notInLibrary(String)
    /// A library product without a usual rate, named without one.
    case needsRate(String)
    /// Not a whole number of 0 or more (days, treatments).
    case notAWholeNumber
    /// A value none of the choices is ("60": the drift-reduction classes are 50, 75 and 90).
    case notAChoice(String, accepted: [String])
    /// Not a smaller buffer zone as "75: 5" (per cent: metres).
    case notAReducedZone(String)
    /// More than `limit` values in a list.
    case tooMany(limit: Int)
    /// Not a mode of action as a label prints it ("FRAC 3", "HRAC 4", "IRAC 3A").
    case notAModeOfAction(String)
    /// A year outside the years the record keeps.
    case yearOutside(ClosedRange<Int>)
    /// Text with a control character (a line break in a one-line field, ESC, a text-direction mark…).
    case controlCharacter
    /// A dose not per the basis its type of use takes (per ha in a closed-space record).
    case dosePer(TypeOfUse)
    /// A field a record of this type of use does not hold (a crop of seed, a batch on a field).
    case notForUse(TypeOfUse)
    /// Doses of one record per different bases (m² and m³).
    case mixedBases
    /// No record has this id.
    case noSuchRecord(String)
    /// No saved plan (history entry) has this id.
    case noSuchPlan(String)
    /// Given by the plan that --from-plan names.
    case givenByPlan
    /// Only with a single field: with several, each gives its own.
    case onlyWithOneField
    /// Not PRODUCT=KIND.
    case notAKind(String)
    /// Not COLUMN=MEANING with a column of the sheet (a letter or a header) and a meaning.
    case notAColumnMeaning(String, accepted: [String])
    /// A number above the most the field takes.
    case notAbove(Decimal)
    /// Below the least a value may be.
    case notBelow(Decimal)
    /// Not shaped like an IACS (ARiMR) parcel identifier.
    case notAParcelID(String)
    /// A name another library item of this kind has.
    case sharedName(LibraryKind)
    /// A favorite named for the shopping list without the fields it is for.
    case noFieldsForFavorite(String)
    /// A name no saved favorite has.
    case noSuchFavorite(String)
    /// A field neither the library nor any record knows.
    case unknownField(String)
    /// One thing given two values or more ("TRZAW", "75 %"), as given: one must be chosen.
    case givenTwice(String, values: [String])
    /// A list with nothing in it (";").
    case noValue(String)
    /// A zone with drift reduction, m, no smaller than the label's buffer zone, m.
    case zoneNotSmaller(Decimal, than: Decimal)
    /// A value that came from another computer or a newer version (shown as it came) which
    /// this version cannot use: kept as it came (KeptValues).
    case notUsableHere(String)

    public init(_ problem: NumberProblem) {
        switch problem {
        case .empty: self = .empty
        case .notANumber: self = .notANumber
        case .notFiniteOrTooLarge: self = .notFiniteOrTooLarge
        case let .ambiguousPoint(text): self = .ambiguousPoint(text)
        }
    }

    public var message: String {
        let format = NumberFormat.current
        switch self {
        case .empty:
            return tr("enter a value")
        case .notANumber:
            return tr("not a number (write e.g. 1,5 or 1.5)")
        case .notPositive:
            return tr("must be greater than 0")
        case .notFiniteOrTooLarge:
            return tr("not a finite number, or too large (at most %@)")
                .filled(format.string(NumberParser.maximum, maxFractionDigits: 0))
        case let .noRoomForWater(liquidProducts, sprayRate):
            return tr("the liquid products take %1$@ l/ha of the %2$@ l/ha spray volume, which leaves no room for water")
                .filled(format.string(liquidProducts, maxFractionDigits: 4), format.string(sprayRate, maxFractionDigits: 4))
        case let .unknownUnit(text, accepted):
            return tr("unknown unit “%1$@” (use %2$@)")
                .filled(text, accepted.joined(separator: ", "))
        case let .notADate(text):
            return tr("“%@” is not a date (write 14.03.2024 or 2024-03-14)").filled(text)
        case let .notATime(text):
            return tr("“%@” is not a time (write HH:MM, e.g. 06:30)").filled(text)
        case let .notAnEPPOCode(text):
            return tr("“%@” is not an EPPO crop code (five or six capital letters or digits, e.g. TRZAW)").filled(text)
        case let .notABBCHCode(text):
            return tr("“%@” is not a BBCH stage (two digits, 00 to 99)").filled(text)
        case let .notAnAuthorisation(text):
            return tr("“%@” is not PRODUCT=NUMBER (e.g. \"Herbicyd=R-12/2024\")").filled(text)
        case let .notAProductOfTheJob(name):
            return tr("no product of the job is called “%@”").filled(name)
        case let .notARecordID(text):
            return tr("“%@” is not a record id (see kalkulator-oprysku record list)").filled(text)
        case .tooManyEquals:
            return tr("write NAME=RATE UNIT with a single “=” (a product name cannot contain “=”)")
        case let .ambiguousPoint(text):
            let digits = text.replacing(".", with: "")
            if text.filter({ $0 == "." }).count > 1 {
                return tr("“%1$@” is ambiguous: write %2$@ or %3$@ for thousands").filled(text, digits, text.replacing(".", with: " "))
            }
            return tr("“%1$@” is ambiguous: write %2$@ or %3$@ for thousands, %4$@ if the point is a decimal mark")
                .filled(text, digits, text.replacing(".", with: " "), text.replacing(".", with: ","))
        case let .tooLong(limit):
            return tr("too long: at most %@ characters").filled(String(limit))
        case let .notInLibrary(name):
            return tr("“%@” is not in the library (kalkulator-oprysku library list shows what is)").filled(name)
        case let .noFieldsForFavorite(name):
            return tr("“%@”: name the fields it is for, each with --field after it").filled(name)
        case let .unknownField(name):
            return tr("“%@” is neither a field of the library nor a place of any record (kalkulator-oprysku library list shows the fields)")
                .filled(FreeText.displayable(name))
        case let .givenTwice(what, values):
            return tr("%1$@ is given twice (%2$@): give one").filled(what, values.joined(separator: ", "))
        case let .noValue(text):
            return tr("“%@” holds no value").filled(FreeText.displayable(text))
        case let .zoneNotSmaller(zone, buffer):
            return tr("a zone of %1$@ m with drift reduction is not smaller than the buffer zone of %2$@ m")
                .filled(format.string(zone, maxFractionDigits: 2), format.string(buffer, maxFractionDigits: 2))
        case let .noSuchFavorite(name):
            return tr("no favorite is named “%@” (the calculator’s Favorites menu shows them)").filled(name)
        case let .notUsableHere(value):
            return tr("“%@” is a value this version of the app cannot use; it is kept as it came (correct it, or update the app)").filled(value)
        case let .needsRate(name):
            return tr("the library has no usual rate for “%@”: write NAME=RATE UNIT").filled(name)
        case .notAWholeNumber:
            return tr("must be a whole number, 0 or more")
        case let .notAChoice(text, accepted):
            return tr("“%1$@” is not one of: %2$@").filled(FreeText.displayable(text), accepted.joined(separator: ", "))
        case let .notAReducedZone(text):
            return tr("“%@” is not a zone as “75: 5” (the drift reduction in per cent: the zone in metres)").filled(FreeText.displayable(text))
        case let .tooMany(limit):
            return trn("at most %d value", "at most %d values", limit).filled(String(limit))
        case let .notAModeOfAction(text):
            return tr("“%@” is not a mode of action as labels print it: FRAC, HRAC or IRAC and the group, e.g. “FRAC 3”, “IRAC 3A”")
                .filled(FreeText.displayable(text))
        case let .yearOutside(years):
            return tr("must be a year from %1$@ to %2$@").filled(String(years.lowerBound), String(years.upperBound))
        case .controlCharacter:
            return tr("contains a control character (such as a line break, an escape or a text-direction mark); type plain text")
        case .dosePer(.surface):
            return tr("a surface record takes doses per ha (e.g. “Herbicyd=1,5 l/ha”)")
        case .dosePer(.closedSpace):
            return tr("a closed-space record takes doses per m² or m³ (e.g. “Fumigant=5 g/m3”)")
        case .dosePer(.seeds):
            return tr("a seed record takes doses per t or kg of seed (e.g. “Zaprawa=200 ml/t”)")
        case .notForUse(.surface):
            return tr("a surface record has no seed batch (give it with --use seeds)")
        case .notForUse(.closedSpace):
            return tr("a closed-space record has no crop, growth stage or seed batch")
        case .notForUse(.seeds):
            return tr("a seed record has no crop or growth stage: give the seed batch")
        case .mixedBases:
            return tr("every dose of one record is per the same unit (all per m² or all per m³, all per t or all per kg)")
        case let .noSuchRecord(id):
            return tr("no record has the id “%@” (kalkulator-oprysku record list shows the ids)").filled(id)
        case let .noSuchPlan(id):
            return tr("no saved plan has the id “%@” (kalkulator-oprysku record pending shows them)").filled(id)
        case .givenByPlan:
            return tr("the plan named by --from-plan gives it: leave this option out")
        case .onlyWithOneField:
            return tr("only with one --field: with several, each field gives its own")
        case let .notAKind(text):
            return tr("“%@” is not PRODUCT=KIND, KIND one of ppp, adjuvant, fertiliser (e.g. \"Nawóz=fertiliser\")").filled(text)
        case let .notAColumnMeaning(text, accepted):
            return tr("“%1$@” is not COLUMN=MEANING, COLUMN a letter or a header of the sheet, MEANING one of %2$@")
                .filled(text, accepted.joined(separator: ", "))
        case let .notAbove(limit):
            return tr("too large: at most %@").filled(format.string(limit, maxFractionDigits: 4))
        case let .notBelow(limit):
            return tr("too small: at least %@").filled(format.string(limit, maxFractionDigits: 4))
        case .sharedName(.product):
            return tr("another product of the library has this name (case and spaces aside): rename one of them")
        case .sharedName(.field):
            return tr("another field of the library has this name (case and spaces aside): rename one of them")
        case .sharedName(.sprayer):
            return tr("another sprayer of the library has this name (case and spaces aside): rename one of them")
        case .sharedName(.operator):
            return tr("another operator of the library has this name (case and spaces aside): rename one of them")
        case let .notAParcelID(text):
            return tr("“%@” is not a parcel identifier (letters, digits and _ . / - without spaces, e.g. 141201_1.0001.123/4)").filled(text)
        case let .tooManyLoads(limit):
            return tr("too small for this job: it would take more than %@ loads")
                .filled(format.string(Decimal(limit), maxFractionDigits: 0))
        }
    }
}

/// Every problem found in a job; never empty.
public struct InvalidJob: Error, Equatable, Sendable {
    public var errors: [FieldError]

    public init(_ errors: [FieldError]) {
        self.errors = errors
    }

    /// The first problem of `field`, if it has one.
    public func problem(of field: JobField) -> InputProblem? {
        errors.first { $0.field == field }?.problem
    }
}

/// A problem and the field it belongs to.
public struct FieldError: Equatable, Sendable, Error {
    public var field: JobField
    public var problem: InputProblem

    public init(_ field: JobField, _ problem: InputProblem) {
        self.field = field
        self.problem = problem
    }
}

// The one way a record's product gets its authorisation number from the farm's lists, for
// every door that fills one (the form, the paper grid, `record add`, a plan): the library's
// own, else the number an earlier record gave the name, else the ministry's register's — the
// one product of that exact name that may be used on the treatment's day. A name two
// register products share, with nothing to tell them apart, is left to the farmer even
// where an earlier record gave one of the numbers.

import FoundationEssentials
import SprayBase

public struct ProductNumbers {
    public var library: Library
    /// Numbers earlier records gave a product of the name, most recent first.
    public var earlier: (String) -> [String]
    public var register: OfficialRegisterIndex?

    public init(library: Library, earlier: @escaping (String) -> [String] = { _ in [] }, register: OfficialRegisterIndex? = nil) {
        self.library = library
        self.earlier = earlier
        self.register = register
    }

    /// What the lists say of product `name` on `date`.
    public enum Found: Equatable {
        /// Its number, and its kind when the register (not the library) gave it.
        case number(String, registered: OfficialRegisterProduct?)
        /// Several register products have the name, and nothing tells which.
        case ambiguous([OfficialRegisterProduct])
        case none
    }

    /// What the lists say of product `name` on `date` (nil: a day not known yet, when a name
    /// several register products share stays ambiguous). `choosingByDate`: a name several
    /// register products share is the one still usable on `date` (a treatment), or stays
    /// ambiguous (a bottle in the store, bought whenever: only its number tells).
    public func lookUp(_ name: String, on date: CalendarDate?, choosingByDate: Bool = true) -> Found {
        if let own = library.product(named: name)?.authorisation, !own.isBlank { return .number(own, registered: nil) }
        let match: OfficialRegisterMatch = switch (register, date) {
        case (nil, _): .notInRegister
        case let (register?, date?): register.match(named: name, authorisation: "", on: date, choosingByDate: choosingByDate)
        case let (register?, nil):
            register.products(named: name).count > 1 ? .ambiguous(register.products(named: name))
                : register.match(named: name, authorisation: "", on: CalendarDate(year: 2000, month: 1, day: 1)!)
        }
        // Which of two register products was used is the farmer's to say, whatever was given before.
        if case let .ambiguous(candidates) = match { return .ambiguous(candidates) }
        if let given = earlier(name).first { return .number(given, registered: nil) }
        if case let .found(registered) = match, !registered.authorisation.isBlank { return .number(registered.authorisation, registered: registered) }
        return .none
    }

    /// `details` with a number for each product that has none (a fertiliser needs none), and
    /// an adjuvant's kind where the register says so; the names the register leaves ambiguous.
    public func filled(_ details: TreatmentDetails) -> (details: TreatmentDetails, ambiguous: [(name: String, candidates: [OfficialRegisterProduct])]) {
        var details = details
        var ambiguous: [(String, [OfficialRegisterProduct])] = []
        for index in details.products.indices where details.products[index].authorisation.isBlank && details.products[index].kind != .notPlantProtection {
            switch lookUp(details.products[index].name, on: details.date) {
            case let .number(number, registered):
                details.products[index].authorisation = number
                if registered?.isAdjuvant == true, library.product(named: details.products[index].name) == nil {
                    details.products[index].kind = .adjuvant
                }
            case let .ambiguous(candidates): ambiguous.append((details.products[index].name, candidates))
            case .none: break
            }
        }
        return (details, ambiguous)
    }
}

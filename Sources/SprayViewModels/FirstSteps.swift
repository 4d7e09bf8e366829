// What a farm starting out does first, said where it starts (the register's and the
// library's empty pages): the fields and a sprayer the record is filled from, the ministry's
// register that completes and checks products, last season's spreadsheet. Each step is an
// action the window offers as a button; a step done is left out.

import FarmModel
import FoundationEssentials
import SprayBase

public enum FirstStep: CaseIterable, Equatable, Sendable {
    case addField, addSprayer, importOfficialRegister, openOfficialRegisterPage, importSpreadsheet

    public var title: String {
        switch self {
        case .addField: tr("Add a Field…")
        case .addSprayer: tr("Add a Sprayer…")
        case .importOfficialRegister: tr("Import the Ministry's Register…")
        case .openOfficialRegisterPage: tr("Download the Register (gov.pl)")
        case .importSpreadsheet: tr("Import Last Season's Spreadsheet…")
        }
    }

    /// Why the step matters, in a line under it.
    public var why: String {
        switch self {
        case .addField: tr("A record names the field: its parcels, area and crop are then filled in for you.")
        case .addSprayer: tr("The calculator takes the tank from it; the record names it and warns when its inspection lapses.")
        case .importOfficialRegister:
            tr("The ministry's register gives each product its authorisation number and checks doses, crops and dates.")
        case .openOfficialRegisterPage:
            tr("The ministry publishes the register as one workbook, Rejestr_zastosowanie.xlsx, and each month as a release on dane.gov.pl: download either.")
        case .importSpreadsheet: tr("Treatments kept in a spreadsheet last season come in as records.")
        }
    }
}

public enum FirstSteps {
    /// Where the ministry's register is published.
    public static let officialRegisterPage = "https://www.gov.pl/web/rolnictwo/rejestr-rodkow-ochrony-roslin"

    /// The steps still to do for a farm with `library`, a ministry's register or none, and
    /// `recordCount` records (last season's spreadsheet offered only while there are none, and
    /// where `offeringSpreadsheet`); none once the farm has fields, a sprayer and the register.
    public static func remaining(library: Library, hasOfficialRegister: Bool, recordCount: Int,
                                 offeringSpreadsheet: Bool = true) -> [FirstStep] {
        var steps: [FirstStep] = []
        if library.fields.isEmpty { steps.append(.addField) }
        if library.sprayers.isEmpty { steps.append(.addSprayer) }
        if !hasOfficialRegister { steps += [.openOfficialRegisterPage, .importOfficialRegister] }
        if offeringSpreadsheet, recordCount == 0, !steps.isEmpty { steps.append(.importSpreadsheet) }
        return steps
    }

    /// The heading over the steps.
    public static var heading: String { tr("First steps") }
}

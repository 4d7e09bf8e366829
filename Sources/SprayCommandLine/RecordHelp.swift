// `record --help` and each record command's help, one translatable line each.

import FarmExchange
import SprayBase


public enum RecordHelp {
    /// The help of `command` ("add", "list", …), or of `record` itself.
    public static func text(for command: String?) -> String {
        let lines: [String]
        switch command {
        case "add": lines = add
        case "list": lines = listing
        case "export": lines = selection
        case "withdraw": lines = withdraw
        case "import": lines = importing
        case "pending": lines = pending
        case "harvest": lines = harvest
        default: lines = overview
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static var overview: [String] {
        [
            tr("Usage: kalkulator-oprysku record COMMAND [OPTIONS]"),
            "",
            tr("The treatment record (ewidencja zabiegów): each plant-protection treatment, kept for"),
            tr("at least 3 years, in records.json in the data folder, shared with the window."),
            "",
            tr("Commands:"),
            "  add                      " + tr("record a treatment: from its doses, a job, a saved plan or like another record"),
            "  list                     " + tr("list the records (text or JSON)"),
            "  export                   " + tr("write the records as CSV, JSON or a printable PDF register"),
            "  withdraw ID --reason T   " + tr("withdraw a record: it stays, marked withdrawn"),
            "  import FILE              " + tr("read a spreadsheet (CSV, .xlsx, .ods) into records, or merge a JSON export by record id"),
            "  pending                  " + tr("list the plans saved in the last 30 days that are not recorded"),
            "  harvest                  " + tr("when harvest may begin on each field, by the pre-harvest intervals"),
            "",
            tr("Run “kalkulator-oprysku record COMMAND --help” for its options."),
        ] + exitStatus
    }

    static var add: [String] {
        [
            tr("Usage: kalkulator-oprysku record add --product \"NAME=DOSE UNIT\" … RECORD OPTIONS"),
            tr("       kalkulator-oprysku record add JOB OPTIONS RECORD OPTIONS"),
            tr("       kalkulator-oprysku record add --from-plan ID RECORD OPTIONS"),
            tr("       kalkulator-oprysku record add --like ID --date YYYY-MM-DD [RECORD OPTIONS]"),
            "",
            tr("Records a treatment. Without a job (no --spray-rate, --tank or --area) each --product"),
            tr("gives its dose per the record’s unit: per ha for a surface (“Topsin=1,5 l/ha”; a library"),
            tr("product’s name alone takes its usual rate), per m² or m³ for a closed space (“Fumigant=5 g/m3”),"),
            tr("per t or kg of seed (“Zaprawa=200 ml/t”); the quantity used is dose × size treated."),
            tr("With a job the doses and quantities come from its plan (per ha; per m² for a closed space)."),
            "",
            tr("Job options (as for calc):"),
        ] + Help.jobOptions + [
            "",
            tr("Record options:"),
            "  --from-plan ID           " + tr("record a plan saved in the history (see record pending)"),
            "  --like ID                " + tr("copy an earlier record but its date; other options change what is copied"),
            "  --field NAME             " + tr("a field of the library: its parcel, identifiers, crop and area;"),
            "                           " + tr("repeat for the same treatment on several fields (without a job):"),
            "                           " + tr("one record per field, saved together"),
            "  --date YYYY-MM-DD        " + tr("the day of the treatment (required)"),
            "  --start HH:MM            " + tr("the hour it started"),
            "  --end HH:MM              " + tr("the hour it ended; before the start, the next day"),
            "  --wind M/S               " + tr("the wind during the treatment, m/s (warned above what the law allows the sprayer)"),
            "  --temperature °C         " + tr("the air’s temperature during the treatment"),
            "  --parcel NAME            " + tr("the parcel or place (required, unless --field names one)"),
            "  --parcel-id ID           " + tr("an IACS (ARiMR) parcel identifier; repeat for several"),
            "  --treated-area N         " + tr("the size treated, in the record’s unit (default: the job’s or the field’s area)"),
            "  --crop EPPO              " + tr("the crop’s EPPO code, e.g. TRZAW (required for a surface, unless --field has one)"),
            "  --bbch NN                " + tr("the BBCH growth stage, two digits"),
            "  --reason TEXT            " + tr("why: the pest, disease or weed, or another reason (required)"),
            "  --operator NAME          " + tr("who did the treatment"),
            "  --sprayer NAME           " + tr("the sprayer used, of the library (no job needed); warned when its inspection had lapsed"),
            "  --authorisation \"PRODUCT=NUMBER\"",
            "                           " + tr("a product’s authorisation number; repeat for each product;"),
            "                           " + tr("without it, the number from an earlier record is used"),
            "  --kind \"PRODUCT=KIND\"     " + tr("ppp (a plant-protection product, the default), adjuvant, or fertiliser"),
            "                           " + tr("(not a plant-protection product: it needs no authorisation number)"),
            "  --use surface|closed-space|seeds",
            "                           " + tr("the type of use (default: surface)"),
            "  --seed-batch B           " + tr("for seeds: the seed batch number"),
            "  --notes TEXT             " + tr("weather, wind, anything worth keeping"),
            "",
            tr("Prints each new record’s id on a line. A record that lacks what the law asks for is still saved,"),
            tr("marked incomplete; standard error says what is missing."),
            "",
            tr("Example:"),
            "  kalkulator-oprysku record add --area 4,2 --spray-rate 200 --tank 2500 --product \"Fungicyd=1 l/ha\" \\",
            "      --date 2026-04-14 --start 06:30 --parcel \"Działka 7\" --crop TRZAW --bbch 31 \\",
            "      --reason \"septorioza liści\" --authorisation \"Fungicyd=R-12/2024\"",
            "  kalkulator-oprysku record add --product \"Topsin=1,5 l/ha\" --field \"Działka 7\" --field \"Pod lasem\" \\",
            "      --date 2026-05-02 --reason \"mączniak\"",
            "  kalkulator-oprysku record add --like 6806B878-8A33-4D0D-8C39-C6532B98F0F5 --date 2026-05-20",
        ] + exitStatus
    }

    static var pending: [String] {
        [
            tr("Usage: kalkulator-oprysku record pending [--days N] [--format text|json]"),
            "",
            tr("Lists the plans saved in the history (Calculate, calc --save) in the last N days (default 30)"),
            tr("that no record was made from, newest first, with their ids for record add --from-plan."),
        ] + exitStatus
    }

    static var harvest: [String] {
        [
            tr("Usage: kalkulator-oprysku record harvest [--season YEAR] [--field NAME] [--format text|json|csv|xlsx|pdf]"),
            tr("                                         [--separator ';'|','] [--output FILE]"),
            "",
            tr("For each field and crop of the season (this year by default), the first day harvest may begin: the"),
            tr("latest treatment date plus the longest pre-harvest interval of its products, with the product and"),
            tr("treatment that set it; treatments of plant-protection products whose interval is not known are listed,"),
            tr("so that none is taken for no limit. Withdrawn records do not count. --field: only that field."),
            tr("csv, xlsx and pdf write the list for a grain buyer (pdf and xlsx need --output), as the register"),
            tr("window's Harvest Dates does."),
        ] + exitStatus
    }

    static var listing: [String] {
        [
            tr("Usage: kalkulator-oprysku record list [--format text|json] [--from YYYY-MM-DD] [--to YYYY-MM-DD]"),
            "",
            tr("Options:"),
            "  --format text|json       " + tr("a line per record (default), or JSON as docs/records-format.md describes it"),
            "  --from YYYY-MM-DD        " + tr("only treatments from this day on"),
            "  --to YYYY-MM-DD          " + tr("only treatments up to this day, inclusive"),
            "  --lang pl|en             " + tr("language of the output and the messages"),
        ] + exitStatus
    }

    static var selection: [String] {
        [
            tr("Usage:") + " " + tr("       kalkulator-oprysku record export --format csv|json|pdf|xlsx [OPTIONS]").trimmedWhitespace,
            "",
            tr("Options:"),
            "  --format csv|json|pdf|xlsx " + tr("export: CSV, one row per product use (default); JSON; the PDF"),
            "                           " + tr("register; an Excel workbook"),
            "  --separator ';'|','      " + tr("CSV field separator; with “;” decimals take a comma"),
            "  --no-bom                 " + tr("a CSV without the byte-order mark spreadsheets need, for programs"),
            "  --no-equipment           " + tr("a PDF without the last page of sprayers' inspections and operators' certificates"),
            "  --output FILE            " + tr("write to FILE (replaced whole, never half-written; - for standard output);"),
            "                           " + tr("required for pdf and xlsx; default: standard output"),
            "  --from YYYY-MM-DD        " + tr("only treatments from this day on"),
            "  --to YYYY-MM-DD          " + tr("only treatments up to this day, inclusive"),
            "  --lang pl|en             " + tr("language of the output and the messages"),
            "",
            tr("The JSON format is documented in docs/records-format.md."),
        ] + exitStatus
    }

    static var withdraw: [String] {
        [
            tr("Usage: kalkulator-oprysku record withdraw ID --reason TEXT"),
            "",
            tr("A record is evidence: it is never deleted before 3 years have passed. A withdrawn record"),
            tr("stays in the register and in every export, marked withdrawn, with the reason."),
        ] + exitStatus
    }

    static var importing: [String] {
        [
            tr("Usage: kalkulator-oprysku record import FILE [OPTIONS]"),
            "",
            tr("A JSON export (record export --format json) is merged by record id: new records are added,"),
            tr("known ones gain the versions they lack; importing the same file twice changes nothing."),
            "",
            tr("A spreadsheet — CSV (UTF-8, Windows-1250 or ISO-8859-2; ; , or tab), Excel .xlsx or"),
            tr("OpenDocument .ods — is read into records: its columns are recognised by their headers,"),
            tr("rows of one date and place (or a product alone on the next row) make one treatment, and"),
            tr("records the register has already are not added again. Every row is imported or reported."),
            "",
            tr("Options:"),
            "  --sheet NAME            " + tr("the sheet to read (default: the first)"),
            "  --season YEAR           " + tr("the year of dates written without one, as 14.04"),
            "  --column COLUMN=MEANING " + tr("what a column holds (COLUMN: its letter or header; repeatable),"),
            "                          " + tr("MEANING one of:"),
        ] + stride(from: 0, to: ImportColumn.allCases.count, by: 8).map { start in
            "                            " + ImportColumn.allCases.dropFirst(start).prefix(8).map(\.rawValue).joined(separator: " ")
        } + [
            "  --dry-run               " + tr("show the columns and the records, save nothing"),
            "",
            tr("Exit status: 0 when every row was imported, 1 when a row was skipped or a file cannot be"),
            tr("read or written, 2 on invalid options or a file that is not a spreadsheet the app reads."),
        ]
    }

    static var exitStatus: [String] {
        ["", tr("Exit status: 0 on success, 2 on invalid options, 1 when a file cannot be read or written.")]
    }
}

// `--help` texts. Each line is its own message so translators see short, stable pieces;
// the job options are written once and shown by every command that takes them.

import SprayBase


public enum Help {
    public static var main: String {
        [
            tr("Usage:"),
            "  kalkulator-oprysku                             " + tr("start the calculator window"),
            "  kalkulator-oprysku calc OPTIONS                " + tr("calculate a tank mix and print it"),
            "  kalkulator-oprysku export-pdf OPTIONS --output FILE",
            "                                                 " + tr("write the printable report as a PDF file"),
            "  kalkulator-oprysku history export              " + tr("export the history of calculations (CSV or JSON)"),
            "  kalkulator-oprysku record add|list|export|withdraw|import|pending",
            "                                                 " + tr("the treatment record (ewidencja zabiegów)"),
            "  kalkulator-oprysku library add|list|remove|export|import",
            "                                                 " + tr("the farm’s products, fields and sprayers"),
            "  kalkulator-oprysku stock add|count|dispose|list|movements|export|shopping-list",
            "                                                 " + tr("the farm’s store of products: bought, used, counted, to buy"),
            "  kalkulator-oprysku field card NAME             " + tr("a field's season: treatments, the label's limits, modes of action"),
            "  kalkulator-oprysku calibrate OPTIONS           " + tr("sprayer calibration: spray volume, nozzle flow, speed, pressure"),
            "  kalkulator-oprysku calibrate catch OPTIONS     " + tr("the catch test: each nozzle's flow, which to replace"),
            "  kalkulator-oprysku backup [--output FILE]      " + tr("all of the app’s data as one file"),
            "  kalkulator-oprysku restore FILE [--yes]        " + tr("put the app’s data back from a backup"),
            "  kalkulator-oprysku register import|status|remove|search",
            "                                                 " + tr("the ministry’s register of plant protection products, offline"),
            "  kalkulator-oprysku sync folder|now|status|rebuild|stop",
            "                                                 " + tr("share the record with the farm’s other computers through a folder"),
            "  kalkulator-oprysku --version                   " + tr("print the version"),
            "",
            tr("Run “kalkulator-oprysku calc --help” for the calculation options."),
            tr("Run “kalkulator-oprysku export-pdf --help” for the report options."),
            tr("Run “kalkulator-oprysku history --help” for the history commands."),
            tr("Run “kalkulator-oprysku library --help” for the library commands."),
            tr("Run “kalkulator-oprysku stock --help” for the store of products."),
            tr("Run “kalkulator-oprysku calibrate --help” for the calibration options."),
            tr("Run “kalkulator-oprysku record --help” for the treatment record, “kalkulator-oprysku sync --help” for sharing it."),
        ].joined(separator: "\n") + "\n"
    }

    public static var calc: String {
        ([
            tr("Usage: kalkulator-oprysku calc OPTIONS"),
            "",
            tr("Calculates the water and products for every sprayer tank load."),
            "",
            tr("Options:"),
        ] + jobOptions + [
            "  --format text|json       " + tr("output for people (default) or for programs"),
            "  --lang pl|en             " + tr("language of the output (default: the system’s)"),
            "  --save                   " + tr("also record the calculation in the history, as the window does"),
            "  --parcel NAME            " + tr("with --save: the field or parcel sprayed, for the spray record"),
            "  --crop NAME              " + tr("with --save: the crop sprayed"),
            "  --notes TEXT             " + tr("with --save: notes (weather, operator, anything worth keeping)"),
            "  --help                   " + tr("show this help"),
        ] + numberNotes + [
            "",
            tr("JSON output gives unrounded numbers; product amounts are in each product’s unit"),
            tr("(l, ml, kg or g). Loads list the full ones first, then the partial one."),
            "",
            tr("With --save, the history is history.json in the data folder"),
            tr("($KALKULATOR_OPRYSKU_DATA_DIR, else ~/.local/share/kalkulator-oprysku)."),
            tr("A calculation that cannot be saved is still printed, but the exit status is 1."),
            "",
            tr("Exit status: 0 on success, 2 on invalid input (with a message on standard error),"),
            tr("1 when --save cannot save the calculation."),
            "",
            tr("Example:"),
            "  kalkulator-oprysku calc --area 15 --spray-rate 150 --tank 800 --product \"Herbicyd=1,5 l/ha\"",
            "  kalkulator-oprysku calc --area 4,2 --spray-rate 200 --tank 2500 --product \"Fungicyd=1 l/ha\" \\",
            "      --save --parcel \"Działka 7\" --crop \"Pszenica ozima\"",
        ]).joined(separator: "\n") + "\n"
    }

    public static var exportPDF: String {
        ([
            tr("Usage: kalkulator-oprysku export-pdf OPTIONS --output FILE"),
            "",
            tr("Writes the printable report of the job (the one the window saves) as an A4 PDF file."),
            "",
            tr("Options:"),
        ] + jobOptions + [
            "  --output FILE            " + tr("the PDF file to write (required); an existing file is replaced"),
            "  --lang pl|en             " + tr("language of the report (default: the system’s)"),
            "  --help                   " + tr("show this help"),
        ] + numberNotes + [
            "",
            tr("The file is written whole or not at all. On success nothing is printed."),
            tr("The report shows the current date and time, or SOURCE_DATE_EPOCH (in UTC) when it is set."),
            "",
            tr("Exit status: 0 on success, 1 if the file cannot be written, 2 on invalid input."),
            "",
            tr("Example:"),
            "  kalkulator-oprysku export-pdf --area 15 --spray-rate 150 --tank 800 --product \"Herbicyd=1,5 l/ha\" --output oprysk.pdf",
        ]).joined(separator: "\n") + "\n"
    }

    static var jobOptions: [String] {
        [
            "  --area N                 " + tr("field area"),
            "  --area-unit ha|a|m2      " + tr("unit of the field area (default: ha)"),
            "  --spray-rate N           " + tr("spray volume: working liquid (water + products) in l/ha"),
            "  --tank N                 " + tr("tank capacity in litres"),
            "  --product [NAME=]RATE[ ]UNIT",
            "                           " + tr("a product and its rate; UNIT is l/ha (default), ml/ha, kg/ha or g/ha;"),
            "                           " + tr("repeat the option for each product in the mix"),
            "  --product NAME           " + tr("a product of the library, at its usual rate"),
            "  --loads full|equal       " + tr("full: full tanks, then one partial (default);"),
            "                           " + tr("equal: the fewest loads, all the same size"),
            "  --field NAME             " + tr("a field of the library: its area (unless --area is given)"),
            "  --sprayer NAME           " + tr("a sprayer of the library: its tank (unless --tank is given)"),
        ]
    }

    static var numberNotes: [String] {
        [
            "",
            tr("Numbers may be written as 1,5 or 1.5, and 2 500 for 2500."),
            tr("Products in l/ha and ml/ha take up room in the tank, so less water goes in;"),
            tr("products in kg/ha and g/ha are treated as not taking up room."),
        ]
    }

    public static var history: String {
        [
            tr("Usage: kalkulator-oprysku history export OPTIONS"),
            "",
            tr("The history keeps every calculation recorded with Calculate in the window or with"),
            tr("calc --save, with its date, for the spray record."),
            "",
            tr("Commands:"),
            "  export                   " + tr("write the history as CSV or JSON"),
            "",
            tr("Run “kalkulator-oprysku history export --help” for its options."),
        ].joined(separator: "\n") + "\n"
    }

    public static var historyExport: String {
        [
            tr("Usage: kalkulator-oprysku history export [OPTIONS]"),
            "",
            tr("Writes the recorded calculations, oldest first, for a spreadsheet or a program."),
            "",
            tr("Options:"),
            "  --format csv|json|xlsx   " + tr("CSV, one row per calculation (default), JSON, or an Excel workbook"),
            "  --separator ';'|','      " + tr("CSV field separator; with “;” decimals take a comma"),
            "                           " + tr("(default: “;” in Polish, “,” in English)"),
            "  --no-bom                 " + tr("a CSV without the byte-order mark spreadsheets need, for programs"),
            "  --output FILE            " + tr("write to FILE (replaced whole, never half-written);"),
            "                           " + tr("default: standard output"),
            "  --from YYYY-MM-DD        " + tr("only calculations from this day on (local time)"),
            "  --to YYYY-MM-DD          " + tr("only calculations up to this day, inclusive"),
            "  --lang pl|en             " + tr("language of the messages (default: the system’s)"),
            "  --help                   " + tr("show this help"),
            "",
            tr("CSV columns (the same in every language):"),
            "  timestamp, area, area_unit, area_ha, spray_rate_l_ha, tank_l, loads_strategy,",
            "  full_loads, partial_loads, equal_loads, total_liquid_l, total_water_l, parcel, crop, notes,",
            "  product_N_name, product_N_rate, product_N_unit, product_N_total, product_N_total_unit",
            tr("(one group for each product); timestamps are local ISO 8601 (2026-11-21T15:04:00+01:00)."),
            tr("JSON numbers are exact; each entry has the whole input, its totals and its loads."),
            "",
            tr("Exit status: 0 on success, 2 on invalid options, 1 when the history cannot be read"),
            tr("or the output cannot be written (with a message on standard error)."),
            "",
            tr("Examples:"),
            "  kalkulator-oprysku history export --format csv --output historia.csv",
            "  kalkulator-oprysku history export --format json --from 2026-03-01 --to 2026-10-31",
        ].joined(separator: "\n") + "\n"
    }

    public static var library: String {
        [
            tr("Usage: kalkulator-oprysku library COMMAND [OPTIONS]"),
            "",
            tr("The farm’s own lists, typed once and picked in the calculator, the record form and"),
            tr("with --product NAME, --field NAME and --sprayer NAME. They are in library.json in the data folder."),
            "",
            tr("Commands:"),
            "  add product --name N [--authorisation A] [--formulation F] [--rate R [--unit U]]",
            "              [--max-rate R] [--max-treatments N[:EPPO]]… [--interval DAYS[:EPPO]]… [--mode-of-action GROUP]…",
            "              [--buffer-zone M] [--reduced-zone PERCENT:M]… [--bee-hazard yes|no]",
            "              [--phi DAYS] [--notes TEXT]",
            "  add field --name N --area HA [--parcel-id ID]… [--crop EPPO] [--neighbour water|apiary|road|buildings]…",
            "  add sprayer --name N --tank L [--width M] [--spacing M] [--nozzle SIZE] [--inspected DATE | --bought DATE]",
            "              [--drift-reduction 50|75|90]",
            "  add operator --name N [--certificate NO] [--valid-until DATE]",
            "                           " + tr("add an item; one of the same kind and name changes only in the options given"),
            "  list [--format text|json]" + " " + tr("list everything"),
            "  remove KIND NAME         " + tr("remove an item (history and records keep their own copy)"),
            "  export [--output FILE]   " + tr("write the library as JSON, to move it to another computer"),
            "  import FILE              " + tr("take in an exported library; importing twice changes nothing"),
            "",
            tr("Formulations: WP, WG, SG, SP, SC, SE, CS, SL, EC, EW, OD, ME, adjuvant, fertiliser, other."),
            tr("Nozzle sizes (ISO 10625): 01, 015, 02, 025, 03, 035, 04, 05, 06, 08."),
            tr("--rate and --max-rate are in --unit: l/ha (default), ml/ha, kg/ha or g/ha."),
            tr("--interval: the label's shortest interval between treatments, in days. --mode-of-action: the group the"),
            tr("label prints (FRAC 3, HRAC 4, IRAC 3A), once for each; the calculator and the record warn when the last"),
            tr("treatment on the field used the same group, or came sooner than the interval."),
            tr("Given for a product in the library, --max-treatments 1:TRZAW changes that crop's number and keeps the others;"),
            tr("a value given twice for one crop, for every crop or for one drift class is refused."),
            "",
            tr("An item import takes that breaks a rule (what add refuses) is kept and marked as needing checking;"),
            tr("one whose id is an item of another kind here, or that would rename an item to another's name, is not taken."),
            "",
            tr("Exit status: 0 on success, 1 if the library cannot be read or written or an imported item was not taken"),
            tr("or needs checking, 2 on invalid input."),
            "",
            tr("Example:"),
            "  kalkulator-oprysku library add product --name Herbicyd --authorisation R-12/2024 --formulation WG \\",
            "      --rate 1,5 --unit kg/ha --max-rate 2 --max-treatments 1 --phi 60",
            "  kalkulator-oprysku calc --field \"Działka 7\" --sprayer Pilmet --spray-rate 150 --product Herbicyd",
        ].joined(separator: "\n") + "\n"
    }
}

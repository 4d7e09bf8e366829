// `--help` texts. Each line is its own message so translators see short, stable pieces;
// the job options are written once and shown by every command that takes them.

public enum Help {
    public static var main: String {
        [
            tr("Usage:"),
            "  kalkulator-oprysku                             " + tr("start the calculator window"),
            "  kalkulator-oprysku calc OPTIONS                " + tr("calculate a tank mix and print it"),
            "  kalkulator-oprysku export-pdf OPTIONS --output FILE",
            "                                                 " + tr("write the printable report as a PDF file"),
            "  kalkulator-oprysku --version                   " + tr("print the version"),
            "",
            tr("Run “kalkulator-oprysku calc --help” for the calculation options."),
            tr("Run “kalkulator-oprysku export-pdf --help” for the report options."),
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
            "  --help                   " + tr("show this help"),
        ] + numberNotes + [
            "",
            tr("JSON output gives unrounded numbers; product amounts are in each product’s unit"),
            tr("(l, ml, kg or g). Loads list the full ones first, then the partial one."),
            "",
            tr("Exit status: 0 on success, 2 on invalid input (with a message on standard error)."),
            "",
            tr("Example:"),
            "  kalkulator-oprysku calc --area 15 --spray-rate 150 --tank 800 --product \"Herbicyd=1,5 l/ha\"",
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
            "  --loads full|equal       " + tr("full: full tanks, then one partial (default);"),
            "                           " + tr("equal: the fewest loads, all the same size"),
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
}

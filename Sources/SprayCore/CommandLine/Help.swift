// `--help` texts. Each line is its own message so translators see short, stable pieces.

public enum Help {
    public static var main: String {
        [
            tr("Usage:"),
            "  kalkulator-oprysku                 " + tr("start the calculator window"),
            "  kalkulator-oprysku calc OPTIONS    " + tr("calculate a tank mix and print it"),
            "  kalkulator-oprysku --version       " + tr("print the version"),
            "",
            tr("Run “kalkulator-oprysku calc --help” for the calculation options."),
        ].joined(separator: "\n") + "\n"
    }

    public static var calc: String {
        [
            tr("Usage: kalkulator-oprysku calc OPTIONS"),
            "",
            tr("Calculates the water and products for every sprayer tank load."),
            "",
            tr("Options:"),
            "  --area N                 " + tr("field area"),
            "  --area-unit ha|a|m2      " + tr("unit of the field area (default: ha)"),
            "  --spray-rate N           " + tr("spray volume: working liquid (water + products) in l/ha"),
            "  --tank N                 " + tr("tank capacity in litres"),
            "  --product [NAME=]RATE[ ]UNIT",
            "                           " + tr("a product and its rate; UNIT is l/ha (default), ml/ha, kg/ha or g/ha;"),
            "                           " + tr("repeat the option for each product in the mix"),
            "  --loads full|equal       " + tr("full: full tanks, then one partial (default);"),
            "                           " + tr("equal: the fewest loads, all the same size"),
            "  --format text|json       " + tr("output for people (default) or for programs"),
            "  --lang pl|en             " + tr("language of the output (default: the system’s)"),
            "  --help                   " + tr("show this help"),
            "",
            tr("Numbers may be written as 1,5 or 1.5, and 2 500 for 2500."),
            tr("Products in l/ha and ml/ha take up room in the tank, so less water goes in;"),
            tr("products in kg/ha and g/ha are treated as not taking up room."),
            "",
            tr("JSON output gives unrounded numbers; product amounts are in each product’s unit"),
            tr("(l, ml, kg or g). Loads list the full ones first, then the partial one."),
            "",
            tr("Exit status: 0 on success, 2 on invalid input (with a message on standard error)."),
            "",
            tr("Example:"),
            "  kalkulator-oprysku calc --area 15 --spray-rate 150 --tank 800 --product \"Herbicyd=1,5 l/ha\"",
        ].joined(separator: "\n") + "\n"
    }
}

// `calibrate --help` and `calibrate catch --help`, one translatable line each.

import SprayBase


public enum CalibrateHelp {
    public static var calibrate: String {
        [
            tr("Usage: kalkulator-oprysku calibrate OPTIONS"),
            tr("       kalkulator-oprysku calibrate catch OPTIONS"),
            "",
            tr("Sprayer calibration: spray volume = 600 × flow per nozzle ÷ (speed × nozzle spacing)."),
            tr("Give exactly three of the four quantities; the fourth is computed."),
            "",
            tr("Options:"),
            "  --rate L_HA              " + tr("spray volume, l/ha"),
            "  --flow L_MIN             " + tr("flow per nozzle, l/min"),
            "  --speed KM_H             " + tr("forward speed, km/h"),
            "  --spacing M              " + tr("nozzle spacing on the boom, m (0,5 for 50 cm)"),
            "  --nozzle SIZE            " + tr("ISO 10625 nozzle size (01, 015, 02, 025, 03, 035, 04, 05, 06, 08):"),
            "                           " + tr("also print the pressure that gives the flow"),
            "  --format text|json       " + tr("output for people (default) or for programs"),
            "  --lang pl|en             " + tr("language of the output (default: the system’s)"),
            "  --help                   " + tr("show this help"),
            "",
            tr("Numbers may be written as 1,5 or 1.5."),
            tr("The pressure follows q₂ = q₁ × √(p₂ ÷ p₁) from the size's flow at 3 bar; outside 1.5–5 bar,"),
            tr("the usual working range of a standard flat-fan nozzle, a warning names the size to use."),
            tr("JSON keys: rate_l_ha, flow_l_min, speed_km_h, spacing_m and, with --nozzle, nozzle and"),
            tr("pressure_bar; numbers are unrounded."),
            "",
            tr("Exit status: 0 on success, 2 on invalid input (with a message on standard error)."),
            "",
            tr("Examples:"),
            "  kalkulator-oprysku calibrate --flow 1,3 --speed 7,8 --spacing 0,5",
            "  kalkulator-oprysku calibrate --rate 300 --speed 5 --spacing 0,5 --nozzle 03 --format json",
            "",
            tr("Run “kalkulator-oprysku calibrate catch --help” for the catch test."),
        ].joined(separator: "\n") + "\n"
    }

    public static var catchTest: String {
        [
            tr("Usage: kalkulator-oprysku calibrate catch --seconds T --ml V1,V2,… [OPTIONS]"),
            "",
            tr("The catch test: each nozzle's spray collected for the same time. Prints each nozzle's flow,"),
            tr("its deviation from the chart flow and from the mean, the mean flow, and the nozzles to"),
            tr("replace: those more than ±10 percent off either."),
            "",
            tr("Options:"),
            "  --seconds T              " + tr("how long each nozzle was caught, s"),
            "  --ml V1,V2,…             " + tr("ml collected from each nozzle, in boom order, separated by commas;"),
            "                           " + tr("separate them by semicolons to write decimal commas (\"480,5;510\")"),
            "  --nozzle SIZE            " + tr("the ISO 10625 size fitted: compare with its chart flow at 3 bar"),
            "  --format text|json       " + tr("output for people (default) or for programs"),
            "  --lang pl|en             " + tr("language of the output (default: the system’s)"),
            "  --help                   " + tr("show this help"),
            "",
            tr("Exit status: 0 on success, 2 on invalid input (with a message on standard error)."),
            "",
            tr("Example:"),
            "  kalkulator-oprysku calibrate catch --seconds 60 --ml 1180,1210,1350,1195 --nozzle 03",
        ].joined(separator: "\n") + "\n"
    }
}

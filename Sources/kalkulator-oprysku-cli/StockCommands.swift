// stock: the store of products.

import FarmContext
import FarmExchange
import FarmModel
import FoundationEssentials
import Gettext
import SprayBase
import SprayCommandLine
import SprayMix
import SprayPages
import SprayReport

enum StockCommands: CommandGroup {
    static func stock(_ arguments: [String]) -> Int32 {
        Localization.start(language: CalcCommand.requestedLanguage(arguments))
        if let exit = helpExit(arguments, help: StockHelp.text(for: arguments.first)) { return exit }
        guard let command = parsed(StockCommand.parse(arguments)) else { return 2 }
        let farm = openFarm()
        let store = farm.stockBook
        report(store.notices.map(\.message))
        if store.notices.contains(where: \.meansNothingWasRead) { return 1 }
        let today = farm.clock.today
        func stock(on date: CalendarDate) -> [ProductStock] {
            report(farm.records.notices.map(\.message))
            return farm.stock(on: date)
        }
        do {
            switch command {
            case let .add(facts):
                let entry = try store.add(facts, library: farm.library, register: farm.register, at: farm.clock.now)
                report([added(entry.facts)])
            case let .list(date, output):
                let day = date ?? today
                let products = stock(on: day)
                switch output.format {
                case .text: return printOutput(StockExport.listText(products, on: day)) ? 0 : 1
                case .pdf:
                    let document = TableDocument(storeOf: products, on: day, settings: farm.settings.settings)
                    try PreparedTable(document, suggestedFileName: "", time: ReportClock.now()).writePDF(to: output.output ?? "", protecting: appFolders)
                case .json, .csv, .xlsx:
                    try OutputFile.write(StockExport.data(products, on: day, as: output.data ?? .json), to: output.output ?? "-", protecting: appFolders)
                }
            case let .movements(name, date, format):
                let products = stock(on: date ?? today)
                guard !name.isBlank, let product = products.first(where: { $0.isCalled(name) }) else {
                    write(tr("“%@” has no entries in the store nor in the records (kalkulator-oprysku stock list shows what has)")
                        .filled(FreeText.displayable(name)) + "\n", to: .standardError)
                    return 2
                }
                return printOutput(format == .json ? StockExport.movementsJSON(product) : StockExport.movementsText(product)) ? 0 : 1
            case let .export(output):
                try OutputFile.write(try store.exported(), to: output ?? "-", protecting: appFolders)
            case let .withdraw(id, reason):
                guard store.entry(id: id) != nil else {
                    write(tr("No stock entry has the id %@ (kalkulator-oprysku stock movements --format json gives each entry’s id)")
                        .filled(id.uuidString) + "\n", to: .standardError)
                    return 2
                }
                try store.withdraw(id: id, reason: reason, at: farm.clock.now)
            case let .shoppingList(named, output):
                let records = farm.records
                let history = farm.history
                report(records.notices.map(\.message) + history.notices.map(\.message))
                let library = farm.library
                let ticked: [ShoppingFavoriteJob]
                switch favoritesOnFields(named, farm: farm) {
                case let .success(found): ticked = found
                case let .failure(problems): return reportUsage(problems.messages)
                }
                let plans = PendingPlans.list(history: history.entries, records: records.records, today: today, days: ShoppingList.planDays)
                let products = farm.stock(on: today)
                let items = ShoppingList.items(plans: plans, ticked: ticked, stock: products, library: library, register: farm.registerIfRead)
                switch output.format {
                case .text: return printOutput(StockExport.shoppingText(items, coverage: ShoppingList.coverage(planCount: plans.count, ticked: ticked))) ? 0 : 1
                case .pdf:
                    let document = TableDocument(shoppingList: items, planCount: plans.count, ticked: ticked, settings: farm.settings.settings,
                                                    on: today)
                    try PreparedTable(document, suggestedFileName: "", time: ReportClock.now()).writePDF(to: output.output ?? "", protecting: appFolders)
                case .json, .csv, .xlsx:
                    try OutputFile.write(StockExport.data(items, as: output.data ?? .json), to: output.output ?? "-", protecting: appFolders)
                }
            }
            return 0
        } catch StockError.withdrawn {
            report([StockError.withdrawn.message])
            return 1
        } catch StockError.withdrawalNeedsReason {
            report(["--reason: " + StockError.withdrawalNeedsReason.message])
            return 2
        } catch let StockError.invalid(problems) {
            let kind: StockEntryKind = if case let .add(facts) = command { facts.kind } else { .purchase }
            report(problems.map { StockCommand.option(for: $0.field, kind: kind) + ": " + $0.message })
            return 2
        } catch {
            report([userMessage(error)])
            return 1
        }
    }

    /// The favorites named with --favorite, each on the library's fields its --field options
    /// name; every name not found is said.
    private static func favoritesOnFields(_ named: [FavoriteOnFields], farm: Farm) -> Result<[ShoppingFavoriteJob], CommandLineErrors> {
        guard !named.isEmpty else { return .success([]) }
        let library = farm.library
        let favorites = farm.favorites
        report(favorites.notices.map(\.message))
        var errors: [CommandLineError] = []
        var found: [ShoppingFavoriteJob] = []
        for wanted in named {
            let key = wanted.favorite.trimmedWhitespace.lowercased()
            let favorite = favorites.favorites.first { $0.name.trimmedWhitespace.lowercased() == key }
            if favorite == nil { errors.append(.invalid(option: "--favorite", .noSuchFavorite(FreeText.displayable(wanted.favorite)))) }
            let fields = wanted.fields.compactMap { name -> LibraryField? in
                if let field = library.field(named: name) { return field }
                errors.append(.invalid(option: "--field", library.noItem(.field, named: FreeText.displayable(name))))
                return nil
            }
            if let favorite { found.append(ShoppingFavoriteJob(favorite: favorite, fields: fields)) }
        }
        return errors.isEmpty ? .success(found) : .failure(CommandLineErrors(errors: errors))
    }

    /// "Added a purchase of 20 l of Chwastox on 2026-03-01."
    private static func added(_ facts: StockFacts) -> String {
        let quantity = NumberFormat.current.string(facts.quantity, maxFractionDigits: 3) + "\u{00A0}" + facts.unit.rawValue
        let day = facts.date.typedText(in: Translation.current.language)
        let name = FreeText.displayable(facts.product)
        return switch facts.kind {
        case .purchase: tr("Added a purchase of %1$@ of “%2$@” on %3$@.").filled(quantity, name, day)
        case .count: tr("Counted %1$@ of “%2$@” on %3$@.").filled(quantity, name, day)
        case .disposal: tr("Disposed of %1$@ of “%2$@” on %3$@.").filled(quantity, name, day)
        }
    }
}

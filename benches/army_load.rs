//! Loading and validating armies (issue 15's budgets, one core): the
//! battle's armies loaded and checked in <= 2 ms; a 1,000-unit file, which
//! no real battle has, in <= 20 ms.

use criterion::{Criterion, criterion_group, criterion_main};
use herald::store::warlords::army::read_army;
use std::hint::black_box;

/// An army file of `contingents` x `per` units, each with a personality,
/// written as a referee would write it.
fn big_army(contingents: usize, per: usize) -> String {
    let mut text = String::from(
        "# A generated army for the benchmark.\nname = \"The Great Host\"\nside = \"Host\"\n",
    );
    for c in 0..contingents {
        text.push_str(&format!(
            "\n[[contingents]]\nname = \"Contingent {c}\"\ngeneral = \"Lord {c}-0\"\nc_in_c = {}\n",
            c == 0
        ));
        for u in 0..per {
            text.push_str(&format!(
                "\n[[contingents.units]]\nname = \"Band {c}-{u}\"\n# Mail, shields and axes.\ntype = \"close_foot\"\narmour = -1\nshield = true\nweapons = [\"heavy\", \"hand_missiles\"]\nshooting = [\"shower\"]\ntraits = [\"veteran\", \"shieldwall\"]\nstands = 8\nfiles = 4\nformation = \"shieldwall\"\n\n[[contingents.units.personalities]]\nname = \"Lord {c}-{u}\"\ncharisma = 1\nprowess = 2\ntraits = [\"aggressive\"]\nnemesis = [\"Lord {c}-{}\"]\n",
                (u + 1) % per
            ));
        }
    }
    text
}

fn army_load(c: &mut Criterion) {
    let text = big_army(10, 100);
    let file = read_army("bench.toml", &text).expect("the generated army is valid");
    assert_eq!(file.army.units().count(), 1000);
    eprintln!("army of 1,000 units: {} bytes", text.len());
    c.bench_function("read_army 1000 units", |b| {
        b.iter(|| read_army("bench.toml", black_box(&text)).map(|f| f.army.contingents.len()))
    });
    c.bench_function("read_army 1000 units no drop", |b| {
        b.iter_with_large_drop(|| read_army("bench.toml", black_box(&text)))
    });
    // The TOML parse alone, for comparison: the part Herald does not control.
    c.bench_function("toml parse only 1000 units", |b| {
        b.iter(|| {
            let src = herald::store::toml_walk::Source::new("bench.toml", black_box(&text));
            herald::store::toml_walk::parse(&src)
                .map(|t| t.get_ref().len())
                .ok()
        })
    });
    // The bundled battle: both armies read, checked and weighed together,
    // as `herald play` does before the first frame (budget <= 2 ms).
    let armies: Vec<String> = ["hastings-1066-anglo-saxon", "hastings-1066-norman"]
        .iter()
        .map(|name| {
            std::fs::read_to_string(format!("{}/armies/{name}.toml", env!("CARGO_MANIFEST_DIR")))
                .unwrap()
        })
        .collect();
    c.bench_function("hastings armies read and checked", |b| {
        b.iter(|| {
            let files: Vec<_> = armies
                .iter()
                .map(|text| read_army("hastings.toml", black_box(text)).expect("bundled army"))
                .collect();
            herald::store::warlords::army::battle_warnings(&files).len()
        })
    });
}

criterion_group!(benches, army_load);
criterion_main!(benches);

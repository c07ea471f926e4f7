//! Runs the `karussell-solve` binary on a few lines of JSON.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

fn run(input: &str) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_karussell-solve"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("every output line is JSON"))
        .collect()
}

fn melds(v: &Value) -> Vec<Vec<String>> {
    serde_json::from_value(v["table"].clone()).unwrap()
}

#[test]
fn solves_lines_and_reports_errors_per_line() {
    let input = concat!(
        r#"{"table": [["7H","8H","9H"], ["5S","5H","JK:5D"]], "hand": ["10H","JK","2C"]}"#,
        "\n",
        "not json\n",
        "\n",
        r#"{"table": [["7H","8H"]], "hand": []}"#,
        "\n",
        r#"{"table": [], "hand": ["QS","KS","AS","2S"]}"#,
        "\n",
        r#"{"table": [["4C","JK:5C","6C"]], "hand": ["5C","9D","9S"]}"#,
        "\n",
        r#"{"table": [["4C","5X","6C"]], "hand": []}"#,
        "\n",
        r#"{"table": [["2D","3D","4D"]], "hand": ["KH"]}"#,
        "\n",
    );
    let out = run(input);
    assert_eq!(out.len(), 7, "{out:?}");
    // 10♥ and the joker go (e.g. 7♥..10♥ JK), 2♣ does not: 2 cards, 35 points.
    assert_eq!(out[0]["placed"], 2);
    assert_eq!(out[0]["value"], 35);
    let t = melds(&out[0]);
    let all: Vec<&String> = t.iter().flatten().collect();
    assert_eq!(all.len(), 8);
    assert!(all.iter().any(|c| *c == "JK:5D"));
    assert!(all.iter().filter(|c| c.starts_with("JK:")).count() == 2);
    assert!(out[1]["error"].is_string());
    assert!(out[2]["error"].as_str().unwrap().contains("TooShort"));
    assert_eq!(out[3]["placed"], 3);
    assert_eq!(out[3]["value"], 21);
    // 5♣ replaces the joker, which joins 9♦ 9♠.
    assert_eq!(out[4]["placed"], 3);
    let t = melds(&out[4]);
    assert_eq!(t.iter().flatten().count(), 6);
    assert!(out[5]["error"].is_string());
    assert_eq!(out[6]["placed"], 0);
    assert_eq!(melds(&out[6]), vec![vec!["2D", "3D", "4D"]]);
}

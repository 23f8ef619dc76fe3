#!/usr/bin/env python3
"""qr-serve's page in a real headless Chromium (Debian's chromium + chromium-driver, selenium).

The page encodes typed text and shows a code that `qr decode` reads from a screenshot of
what the page shows; a picked picture shows its texts and its outlined copy. A screenshot
of the page is kept. Usage: serve-browser-test.py URL QR SAMPLES OUT_DIR
"""
import os
import subprocess
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

url, qr, samples, out = sys.argv[1:5]
text = "Héllo from a real browser: https://example.org/?q=1"

options = Options()
options.binary_location = "/usr/bin/chromium"
for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1000,1800", "--force-device-scale-factor=1"):
    options.add_argument(argument)
profile = tempfile.mkdtemp(prefix="qr-serve-chromium-")
options.add_argument("--user-data-dir=" + profile)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
failures = []


def fail(message):
    print("FAIL:", message, file=sys.stderr, flush=True)
    failures.append(message)


try:
    driver.set_page_load_timeout(30)
    driver.get(url + "/")
    wait = WebDriverWait(driver, 20)

    # Encode: type the text with the keyboard, as a user would, and wait for its code.
    field = driver.find_element(By.ID, "text")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.DELETE)
    field.send_keys(text)
    wait.until(lambda d: "?" in d.find_element(By.ID, "png").get_attribute("href")
               and "Code ready" in d.find_element(By.ID, "encode-status").text
               and d.execute_script(
                   "const i = document.getElementById('preview');"
                   "return i.complete && i.naturalWidth > 0 && i.src.startsWith('blob:');"))
    # The last keystroke's code, not an earlier one's: the links carry the text.
    wait.until(lambda d: d.execute_script(
        "return new URL(document.getElementById('png').href).searchParams.get('text');") == text)
    driver.execute_script("return new Promise(r => setTimeout(r, 400));")
    shown = os.path.join(out, "preview.png")
    driver.find_element(By.ID, "preview").screenshot(shown)
    decoded = subprocess.run([qr, "decode", "--bytes", shown], capture_output=True, timeout=60)
    if decoded.returncode != 0 or decoded.stdout.decode("utf-8") != text:
        fail(f"the code shown reads {decoded.stdout!r} (status {decoded.returncode}, "
                        f"{decoded.stderr.decode().strip()}), not {text!r}")
    else:
        print(f"encode: the code the page shows reads back as {text!r}")

    # Decode: pick a photo (the file input is what a drop or a paste feeds too).
    photo = os.path.join(samples, "photos", "qrcode-2-17.png")
    with open(os.path.join(samples, "photos", "qrcode-2-17.txt"), encoding="utf-8") as f:
        # Shown with its line breaks (pre-wrap), which the browser reports as \n.
        expected = f.read().replace("\r\n", "\n").strip()
    driver.find_element(By.ID, "file").send_keys(photo)
    wait.until(lambda d: "found" in d.find_element(By.ID, "status").text
               or d.find_element(By.ID, "status").get_attribute("class") == "error")
    items = [item.text for item in driver.find_elements(By.CSS_SELECTOR, "#texts li")]
    if items != [expected]:
        fail(f"the picked photo shows {items!r}, not {[expected]!r}: "
                        f"{driver.find_element(By.ID, 'status').text}")
    else:
        print(f"decode: the picked photo shows {items!r}")
    wait.until(lambda d: d.execute_script("return document.getElementById('canvas').width") > 0)

    # A picture without a code says so, in the live region.
    blank = os.path.join(out, "blank.png")
    subprocess.run([qr, "encode", "x", "-o", blank, "--foreground", "white", "--force"], check=True, timeout=60)
    driver.find_element(By.ID, "file").send_keys(blank)
    wait.until(lambda d: d.find_element(By.ID, "status").text == "No code found.")
    print("decode: a picture without a code says 'No code found.'")

    driver.find_element(By.ID, "file").send_keys(photo)
    wait.until(lambda d: "found" in d.find_element(By.ID, "status").text
               and len(d.find_elements(By.CSS_SELECTOR, "#texts li")) == 1)
    driver.save_screenshot(os.path.join(out, "page.png"))

    # Keyboard: Tab reaches the text, the level, the downloads and the file input.
    driver.execute_script("document.activeElement.blur(); window.scrollTo(0, 0);")
    reached = []
    for _ in range(8):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        reached.append(driver.switch_to.active_element.get_attribute("id"))
    for needed in ("text", "level", "png", "file"):
        if needed not in reached:
            fail(f"Tab never reaches #{needed} (reached {reached})")
finally:
    driver.quit()

if failures:
    sys.exit(1)
print("browser: every check passed")
